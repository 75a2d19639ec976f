import Testing

@testable import ChatIRC

/// The capability's value and the cutting of a message of several lines into batches within
/// the server's limits (`draft/multiline`).
@Suite struct IRCMultilineBatcherTests {
  typealias Line = IRCMultilineBatcher.Line

  @Test(
    arguments: [
      ("max-bytes=4096,max-lines=100", IRCMultilineLimits(maxBytes: 4096, maxLines: 100)),
      ("max-lines=10,max-bytes=40000", IRCMultilineLimits(maxBytes: 40000, maxLines: 10)),
      ("max-bytes=512", IRCMultilineLimits(maxBytes: 512)),
      ("max-bytes=512,future-key,max-lines=x", IRCMultilineLimits(maxBytes: 512)),
      ("max-bytes=512,max-lines=0", IRCMultilineLimits(maxBytes: 512)),
      ("max-lines=5", nil), ("max-bytes=0", nil), ("max-bytes=-3", nil), ("", nil),
    ] as [(String, IRCMultilineLimits?)])
  func theCapabilityValueIsRead(value: String, limits: IRCMultilineLimits?) {
    #expect(IRCMultilineLimits(capabilityValue: value) == limits)
  }

  @Test func noValueGivesNoLimits() {
    #expect(IRCMultilineLimits(capabilityValue: nil) == nil)
  }

  @Test func linesThatFitAreOneBatch() {
    let batches = IRCMultilineBatcher.batches(
      ["hello", "", "how is everyone?"], lineBudget: 400,
      limits: IRCMultilineLimits(maxBytes: 4096, maxLines: 100))
    #expect(batches == [[Line("hello"), Line(""), Line("how is everyone?")]])
    #expect(IRCMultilineBatcher.text(of: batches[0]) == "hello\n\nhow is everyone?")
  }

  /// A line longer than one relayed line goes in pieces, split between words with the space
  /// kept at the end, each after the first tagged concat: joined, they are the line again.
  @Test func aLongLineIsConcatenatedPieces() {
    let long = "how is everyone doing today?"
    let batches = IRCMultilineBatcher.batches(
      ["hi", long], lineBudget: 10, limits: IRCMultilineLimits(maxBytes: 4096))
    #expect(
      batches == [
        [
          Line("hi"), Line("how is "), Line("everyone ", isConcatenated: true),
          Line("doing ", isConcatenated: true), Line("today?", isConcatenated: true),
        ]
      ])
    #expect(IRCMultilineBatcher.text(of: batches[0]) == "hi\n" + long)
  }

  /// `max-lines` and `max-bytes` (the joining line feeds counted) are never passed; a line
  /// that does not fit what is left starts the next batch whole.
  @Test func aBlockLongerThanTheLimitsIsSeveralBatchesOfWholeLines() {
    let lines = (1...7).map { "line \($0)" }  // 6 bytes each
    let byLines = IRCMultilineBatcher.batches(
      lines, lineBudget: 400, limits: IRCMultilineLimits(maxBytes: 4096, maxLines: 3))
    #expect(
      byLines.map { $0.map(\.text) } == [Array(lines[0..<3]), Array(lines[3..<6]), [lines[6]]])
    // Three lines and the two line feeds joining them make 20 bytes: a fourth does not fit.
    let byBytes = IRCMultilineBatcher.batches(
      lines, lineBudget: 400, limits: IRCMultilineLimits(maxBytes: 20))
    #expect(
      byBytes.map { $0.map(\.text) } == [Array(lines[0..<3]), Array(lines[3..<6]), [lines[6]]])
    for batch in byLines + byBytes {
      #expect(IRCMultilineBatcher.text(of: batch).utf8.count <= 20)
      #expect(batch.count <= 3)
    }
    // A long line's pieces stay together when they fit a batch of their own.
    let together = IRCMultilineBatcher.batches(
      ["a", "bbbb cccc"], lineBudget: 5, limits: IRCMultilineLimits(maxBytes: 100, maxLines: 2))
    #expect(
      together == [[Line("a")], [Line("bbbb "), Line("cccc", isConcatenated: true)]])
  }

  /// A line longer than a whole batch is cut across batches; its rest starts a line there
  /// (never a concat at a batch's start), and nothing is lost.
  @Test func aLineLongerThanABatchIsCutAcrossBatches() {
    let line = String(repeating: "x", count: 25)
    let batches = IRCMultilineBatcher.batches(
      [line], lineBudget: 400, limits: IRCMultilineLimits(maxBytes: 10))
    #expect(batches.map { $0.map(\.text) } == [["xxxxxxxxxx"], ["xxxxxxxxxx"], ["xxxxx"]])
    #expect(batches.allSatisfy { $0.first?.isConcatenated == false })
    #expect(batches.map { IRCMultilineBatcher.text(of: $0) }.joined() == line)
  }

  /// The spec forbids a batch of blank lines alone: one made of the blank lines between two
  /// batches is left out.
  @Test func aBatchOfBlankLinesAloneIsLeftOut() {
    let batches = IRCMultilineBatcher.batches(
      ["a", "", "", "b"], lineBudget: 400, limits: IRCMultilineLimits(maxBytes: 100, maxLines: 1))
    #expect(batches.map { $0.map(\.text) } == [["a"], ["b"]])
  }

  @Test func multibyteCharactersAreNeverCut() {
    let line = String(repeating: "é", count: 9)  // 18 bytes
    let batches = IRCMultilineBatcher.batches(
      [line, "z"], lineBudget: 5, limits: IRCMultilineLimits(maxBytes: 4096))
    #expect(batches.count == 1)
    #expect(batches[0].allSatisfy { $0.text.utf8.count <= 5 })
    #expect(IRCMultilineBatcher.text(of: batches[0]) == line + "\nz")
  }
}
