import ChatRuntime
import Testing

@Suite(.timeLimit(.minutes(10))) struct LineReaderTests {
  private func lines(_ chunks: [[UInt8]], maximumLineLength: Int = 1 << 20) -> [String] {
    var reader = LineReader(maximumLineLength: maximumLineLength)
    var result: [String] = []
    for chunk in chunks {
      chunk.withUnsafeBytes { reader.feed($0) }
      while let line = reader.nextLine() { result.append(line) }
    }
    if let last = reader.finish() { result.append(last) }
    return result
  }

  @Test func splitsOnNewlinesAndKeepsAFinalLineWithoutOne() {
    #expect(lines([Array("a\nbb\n\nccc".utf8)]) == ["a", "bb", "", "ccc"])
  }

  @Test func dropsOneCarriageReturnBeforeTheNewlineOnly() {
    #expect(lines([Array("a\r\nb\rc\n\r\r\n".utf8)]) == ["a", "b\rc", "\r"])
  }

  @Test func aCharacterSplitAcrossReadsIsDecodedWhole() {
    let bytes = Array("héllo 🎉\n".utf8)
    for cut in 1..<bytes.count {
      #expect(lines([Array(bytes[..<cut]), Array(bytes[cut...])]) == ["héllo 🎉"], "cut at \(cut)")
    }
  }

  @Test func invalidUTF8BecomesReplacementCharactersAndNULIsKept() {
    #expect(lines([[0x61, 0xFF, 0x00, 0x62, 0xC3, 0x0A]]) == ["a\u{FFFD}\u{0}b\u{FFFD}"])
  }

  @Test func aLineLongerThanTheMaximumArrivesInPiecesCutBetweenCharacters() {
    let text = String(repeating: "ab€", count: 10)  // 5 bytes a repetition
    let pieces = lines([Array((text + "\n").utf8)], maximumLineLength: 8)
    #expect(pieces.joined() == text)
    #expect(pieces.allSatisfy { $0.utf8.count <= 8 && !$0.contains("\u{FFFD}") })
    #expect(pieces.count > 1)
  }

  @Test(arguments: [6, 7, 8, 9])
  func aCRLFLineAroundTheMaximumLengthLosesItsCarriageReturn(length: Int) {
    let text = String(repeating: "a", count: length)
    let pieces = lines([Array((text + "\r\nnext\n").utf8)], maximumLineLength: 8)
    #expect(pieces.joined(separator: "|").contains("\r") == false, "\(pieces)")
    #expect(pieces.joined() == text + "next")
  }

  @Test func aMegabyteLineArrivesWhole() {
    let text = String(repeating: "x", count: 1 << 20)
    let bytes = Array((text + "\n").utf8)
    let chunks = stride(from: 0, to: bytes.count, by: 65_536).map {
      Array(bytes[$0..<min($0 + 65_536, bytes.count)])
    }
    #expect(lines(chunks, maximumLineLength: LineReader.defaultMaximumLineLength) == [text])
  }
}
