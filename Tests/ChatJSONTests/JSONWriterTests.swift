import ChatJSON
import Foundation
import Testing

@Suite(.timeLimit(.minutes(10))) struct JSONWriterTests {
  private func encoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendString(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func decoded(_ json: String) throws -> String {
    try JSONDecoder().decode(String.self, from: Data(json.utf8))
  }

  /// No raw control character, DEL, C1 or line separator may appear in the output.
  private func expectFullyEscaped(_ json: String, sourceLocation: SourceLocation = #_sourceLocation)
  {
    let raw = json.unicodeScalars.filter {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x2028...0x202E).contains($0.value)
        || (0x2066...0x2069).contains($0.value)
    }
    #expect(
      raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(json)",
      sourceLocation: sourceLocation)
  }

  @Test func everyControlCharacterIsEscapedAndRoundTrips() throws {
    let controls =
      (0..<0x20).map { Unicode.Scalar($0)! } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
      + (0x2028...0x202E).map { Unicode.Scalar($0)! }
      + (0x2066...0x2069).map { Unicode.Scalar($0)! }
    for scalar in controls {
      let text = "a\(Character(scalar))b"
      let json = encoded(text)
      expectFullyEscaped(json)
      #expect(try decoded(json) == text, "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test(arguments: [
    (#"quote " and \ backslash"#, #""quote \" and \\ backslash""#),
    ("line\nfeed\ttab", #""line\nfeed\ttab""#),
    ("\u{0}\u{1B}[2J\u{7F}", #""\u0000\u001B[2J\u007F""#),
    ("a/b", #""a/b""#),
    ("emoji 🎉 and é", "\"emoji 🎉 and é\""),
    ("\u{85}\u{2028}", #""\u0085\u2028""#),
    ("\u{202A}\u{202E}\u{2066}\u{2069}", #""\u202A\u202E\u2066\u2069""#),
    ("\u{2027}\u{202F}\u{2065}\u{206A}", "\"\u{2027}\u{202F}\u{2065}\u{206A}\""),
  ])
  func knownStringsEncodeCompactly(text: String, expected: String) {
    #expect(encoded(text) == expected)
  }

  @Test func randomStringsRoundTripThroughJSONDecoder() throws {
    var generator = SystemRandomNumberGenerator()
    let pools: [ClosedRange<UInt32>] = [
      0...0x7F, 0x80...0x2FF, 0x2000...0x206F, 0x1F300...0x1F64F, 0...0x10FFFF,
    ]
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        let pool = pools.randomElement(using: &generator)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) {
          text.unicodeScalars.append(scalar)
        }
      }
      let json = encoded(text)
      expectFullyEscaped(json)
      #expect(try decoded(json) == text)
    }
  }

  /// Plain ASCII is skipped eight bytes at a time: whatever needs an escape must be found in
  /// any position of a word, and in the bytes after the last whole word.
  @Test func anEscapeIsFoundWhereverItFallsInALongPlainText() throws {
    let specials: [Unicode.Scalar] =
      [0x00, 0x09, 0x1F, 0x22, 0x5C, 0x7F, 0x85, 0x9F, 0xE9, 0x2028, 0x202E, 0x2069, 0x1F389]
      .map { Unicode.Scalar($0)! }
    let filler = "The quick brown fox jumps over a dog"
    for scalar in specials {
      let alone = encoded(String(Character(scalar)))
      let escape = alone.dropFirst().dropLast()
      for offset in 0...filler.count {
        let prefix = String(filler.prefix(offset))
        let suffix = String(filler.dropFirst(offset))
        let text = prefix + String(Character(scalar)) + suffix
        let json = encoded(text)
        #expect(
          json == "\"\(prefix)\(escape)\(suffix)\"",
          "U+\(String(scalar.value, radix: 16)) at \(offset)")
        expectFullyEscaped(json)
        #expect(try decoded(json) == text)
      }
    }
  }

  /// A text is first judged plain or not as a whole: shorter than a word (padded), a word and
  /// a bit (the last word overlapping the one before). Every special, at every place in
  /// texts of 1 to 17 bytes, must still be escaped.
  @Test func anEscapeIsFoundInTextsShorterAndLongerThanAWord() throws {
    let specials: [Unicode.Scalar] = [0x00, 0x1F, 0x22, 0x5C, 0x7F, 0x85, 0xE9, 0x2028, 0x2066]
      .map { Unicode.Scalar($0)! }
    for scalar in specials {
      let alone = encoded(String(Character(scalar)))
      let escape = alone.dropFirst().dropLast()
      for length in 1...17 {
        let plain = String(repeating: "a", count: length - 1)
        for offset in 0..<length {
          let prefix = String(plain.prefix(offset))
          let suffix = String(plain.dropFirst(offset))
          let text = prefix + String(Character(scalar)) + suffix
          let json = encoded(text)
          #expect(json == "\"\(prefix)\(escape)\(suffix)\"", "\(length) bytes, at \(offset)")
          #expect(try decoded(json) == text)
        }
        #expect(encoded(plain + "a") == "\"\(plain)a\"")
      }
    }
  }

  @Test func integersAndUUIDsMatchTheLibrary() {
    for value in [0, 7, 10, 99, 100, 123_456_789, -42, Int.max] {
      var bytes: [UInt8] = []
      JSONWriter.appendInteger(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
    for _ in 0..<100 {
      let id = UUID()
      var bytes: [UInt8] = []
      JSONWriter.appendUUID(id, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "\"\(id.uuidString)\"")
    }
  }
}
