import Testing

@testable import ChatJSON

/// The strict JSON parser of `--input jsonl`: what it accepts, and every way it refuses.
@Suite(.timeLimit(.minutes(10))) struct JSONParserTests {
  private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test(arguments: [
    ("null", JSONValue.null), (" true ", .bool(true)), ("false", .bool(false)),
    ("0", .number("0")), ("-12.5e+3", .number("-12.5e+3")), ("1E9", .number("1E9")),
    (#""a\"b\\c\/d""#, .string("a\"b\\c/d")), (#""\b\f\n\r\t""#, .string("\u{8}\u{C}\n\r\t")),
    (#""\u00e9\u0000""#, .string("é\u{0}")), (#""\ud83d\ude00""#, .string("😀")),
    ("\"é 😀\"", .string("é 😀")), ("[]", .array([])),
    ("[1, [2]]", .array([.number("1"), .array([.number("2")])])),
    ("{}", .object([:])),
    (#"{"a": {"b": null}, "c": []}"#, .object(["a": .object(["b": .null]), "c": .array([])])),
    ("\t\r\n{\"k\":\"v\"}\n", .object(["k": .string("v")])),
  ])
  func wellFormedJSONIsRead(text: String, value: JSONValue) throws {
    #expect(try parse(text) == value)
  }

  @Test(arguments: [
    ("", "the line ends inside the JSON value at byte 1"),
    ("not json", "expected a value at byte 1"),
    ("nul", "the line ends inside the JSON value at byte 4"),
    ("{'a': 1}", "expected a key in double quotes at byte 2"),
    (#"{"a" 1}"#, "expected ':' after the key at byte 6"),
    (#"{"a": 1,}"#, "expected a key in double quotes at byte 9"),
    (#"{"a": 1 "b": 2}"#, "expected ',' or '}' at byte 9"),
    ("[1 2]", "expected ',' or ']' at byte 4"),
    ("[1,]", "expected a value at byte 4"),
    (#"{"a": 1, "a": 2}"#, "key \"a\" given twice at byte 10"),
    ("01", "malformed number at byte 2"), ("-", "the line ends inside the JSON value at byte 2"),
    ("1.", "the line ends inside the JSON value at byte 3"), ("1.e5", "malformed number at byte 3"),
    ("+1", "expected a value at byte 1"), ("1e+x", "malformed number at byte 4"),
    ("{} {}", "text after the JSON value at byte 4"),
    ("1 // no comments", "text after the JSON value at byte 3"),
    ("\"a\tb\"", "control character U+0009 in a string (escape it) at byte 3"),
    ("\"a\u{1B}[31m\"", "control character U+001B in a string (escape it) at byte 3"),
    (#""\x41""#, "invalid escape \\x in a string at byte 3"),
    (#""\u12G4""#, "expected four hex digits after \\u at byte 6"),
    (#""\ud800""#, "a \\u escape is half of a surrogate pair at byte 2"),
    (#""\ud800\u0041""#, "a \\u escape is half of a surrogate pair at byte 2"),
    (#""\udc00""#, "a \\u escape is half of a surrogate pair at byte 2"),
    ("\"open", "the line ends inside the JSON value at byte 6"),
    (
      "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
      "nested deeper than 32 levels at byte 33"
    ),
  ])
  func malformedJSONIsNamedWithItsByte(text: String, message: String) {
    #expect(throws: JSONSyntaxError.self) { try parse(text) }
    do {
      _ = try parse(text)
    } catch {
      #expect(error.description == message, "\(text)")
    }
  }

  @Test(
    arguments: [
      ([0x22, 0xFF, 0x22], 2), ([0x22, 0xC3, 0x22], 2), ([0x22, 0xC0, 0xAF, 0x22], 2),
      ([0x22, 0xED, 0xA0, 0x80, 0x22], 2), ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2),
      ([0x22, 0x61, 0xE2, 0x82], 3), ([0x7B, 0x7D, 0x80], 3),
    ] as [([UInt8], Int)])
  func invalidUTF8IsRefusedAtItsFirstBadByte(bytes: [UInt8], column: Int) {
    #expect(throws: JSONSyntaxError(problem: .invalidUTF8, column: column)) {
      try JSONParser.parse(bytes)
    }
  }

  @Test func aDeepButAllowedNestingIsRead() throws {
    let text = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
    #expect(throws: Never.self) { try parse(text) }
  }
}

/// Hostile lines: the parser answers every one, never crashes, and names a byte on the line.
@Suite(.timeLimit(.minutes(10))) struct JSONParserHostileInputTests {
  /// A small, seeded generator (SplitMix64): the same lines on every run.
  private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test func randomLinesAreReadOrRefusedAtAByteOfTheLine() {
    var random = SplitMix(state: 12)
    let alphabet =
      Array(#"{}[]":,\ntrufalsn0123456789.eE+-u"#.utf8) + [0x00, 0x1B, 0xC3, 0xA9, 0xFF]
    for _ in 0..<5000 {
      let length = Int.random(in: 0...40, using: &random)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
      do {
        _ = try JSONParser.parse(bytes)
      } catch {
        #expect((1...bytes.count + 1).contains(error.column), "\(bytes)")
      }
    }
  }
}
