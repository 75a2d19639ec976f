import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCTextSplitterTests {
  @Test func theBudgetIsWhatTheRelayedPrefixLeavesOf512Bytes() {
    let prefix = IRCTextSplitter.relayedPrefixBytes(
      nick: "alice", user: "alice", host: "127.0.0.1", target: "#chat")
    #expect(prefix == ":alice!alice@127.0.0.1 PRIVMSG #chat :".utf8.count)
    #expect(IRCTextSplitter.textBudget(relayedPrefixBytes: prefix) == 510 - prefix)
    #expect(IRCTextSplitter.textBudget(relayedPrefixBytes: 600) == 1)
  }

  @Test func shortTextIsOnePiece() {
    #expect(IRCTextSplitter.split("hello", maxBytes: 5) == ["hello"])
    #expect(IRCTextSplitter.split("", maxBytes: 5) == [""])
  }

  @Test func cutsAfterTheLastSpaceThatFits() {
    #expect(IRCTextSplitter.split("one two three", maxBytes: 9) == ["one two ", "three"])
    #expect(IRCTextSplitter.split("aaaa bbbb cccc", maxBytes: 10) == ["aaaa bbbb ", "cccc"])
  }

  @Test func cutsAWordWithoutSpacesWhereItMust() {
    #expect(IRCTextSplitter.split("abcdefgh", maxBytes: 3) == ["abc", "def", "gh"])
  }

  @Test func neverCutsInsideAGraphemeOrAUTF8Sequence() {
    // "é" is 2 bytes, the flag 8, the skin-toned thumb 8.
    #expect(IRCTextSplitter.split("aéé", maxBytes: 4) == ["aé", "é"])
    #expect(IRCTextSplitter.split("a🇫🇷b", maxBytes: 8) == ["a", "🇫🇷", "b"])
    #expect(IRCTextSplitter.split("👍🏽👍🏽", maxBytes: 9) == ["👍🏽", "👍🏽"])
  }

  @Test func aClusterLongerThanTheBudgetIsCutBetweenItsScalars() {
    let zalgo = "e" + String(repeating: "\u{301}", count: 10)  // one cluster of 21 bytes
    let pieces = IRCTextSplitter.split(zalgo, maxBytes: 6)
    #expect(pieces.joined() == zalgo)
    #expect(pieces.allSatisfy { $0.utf8.count <= 6 })
    #expect(pieces.first == "e\u{301}\u{301}")
  }

  /// Every piece of the cut cluster, not only the first, is as full as the budget allows,
  /// and the text around the cluster keeps pieces of its own.
  @Test func everyPieceOfAnOversizedClusterIsCutAtTheBudget() {
    let accent = "\u{301}"  // 2 bytes
    let zalgo = "e" + String(repeating: accent, count: 10)  // one cluster of 21 bytes
    #expect(
      IRCTextSplitter.split(zalgo, maxBytes: 6) == [
        "e" + accent + accent, String(repeating: accent, count: 3),
        String(repeating: accent, count: 3), String(repeating: accent, count: 2),
      ])
    #expect(
      IRCTextSplitter.split("ab " + zalgo + " cd", maxBytes: 6) == [
        "ab ", "e" + accent + accent, String(repeating: accent, count: 3),
        String(repeating: accent, count: 3), String(repeating: accent, count: 2), " cd",
      ])
    // Not even one scalar fits: one scalar a piece.
    #expect(
      IRCTextSplitter.split("e" + accent + accent, maxBytes: 1) == ["e", accent, accent])
  }

  @Test func aTwoThousandByteLineBecomesPiecesThatFitAndConcatenateToIt() {
    let words = (0..<400).map { "w\($0)é" }.joined(separator: " ")
    let budget = IRCTextSplitter.textBudget(
      relayedPrefixBytes: IRCTextSplitter.relayedPrefixBytes(
        nick: "alice", user: "~alice", host: "localhost", target: "#chat"))
    let pieces = IRCTextSplitter.split(words, maxBytes: budget)
    #expect(pieces.joined() == words)
    let fewest = (words.utf8.count + budget - 1) / budget
    #expect(words.utf8.count > 2000 && (fewest...fewest + 1).contains(pieces.count))
    #expect(pieces.allSatisfy { $0.utf8.count <= budget })
    #expect(pieces.dropLast().allSatisfy { $0.hasSuffix(" ") })
  }

  @Test func randomTextAlwaysSplitsIntoFittingPiecesThatConcatenateBack() {
    var generator = SeededGenerator(seed: 99)
    let alphabet: [Character] = Array("ab  é👍🏽🇫🇷\u{301}\u{3}\u{2}")
    for _ in 0..<2000 {
      let text = RandomIRC.text(0...60, from: alphabet, using: &generator)
      let limit = Int.random(in: 1...20, using: &generator)
      let pieces = IRCTextSplitter.split(text, maxBytes: limit)
      #expect(pieces.joined() == text)
      #expect(pieces.allSatisfy { $0.utf8.count <= limit || $0.unicodeScalars.count == 1 })
      #expect(pieces.count == 1 || pieces.allSatisfy { !$0.isEmpty })
      // Cuts fall between clusters unless a cluster alone is too long.
      let clusters = text.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }
      var offset = 0
      for piece in pieces.dropLast() {
        offset += piece.utf8.count
        let inside = !clusters.contains(offset)
        #expect(!inside || text.contains { $0.utf8.count > limit }, "\(text.debugDescription)")
      }
    }
  }
}
