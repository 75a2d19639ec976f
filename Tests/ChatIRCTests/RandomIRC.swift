import ChatIRC

/// A small deterministic generator, so a failing property test fails the same way again.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    // SplitMix64.
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Random well-formed messages and random near-miss lines for the property tests.
enum RandomIRC {
  /// Characters that make parsing interesting: separators, escapes, multi-byte text.
  static let alphabet: [Character] = Array("ab:;=@\\ +/#!~.-_09\tsrn\u{3}é👍🏽")

  static func text(
    _ length: ClosedRange<Int>, from characters: [Character] = alphabet,
    using generator: inout some RandomNumberGenerator
  ) -> String {
    String(
      (0..<Int.random(in: length, using: &generator)).map { _ in
        characters.randomElement(using: &generator)!
      })
  }

  /// A message `serialized` can write: middle parameters non-empty, spaceless, no leading `:`.
  static func message(using generator: inout some RandomNumberGenerator) -> IRCMessage {
    let word = alphabet.filter { $0 != " " }
    var tags: [String: String] = [:]
    for _ in 0..<Int.random(in: 0...3, using: &generator) {
      let key = text(1...6, from: word.filter { $0 != "=" && $0 != ";" }, using: &generator)
      tags[key] = text(0...8, using: &generator)
    }
    let source: String? =
      Bool.random(using: &generator) ? text(1...10, from: word, using: &generator) : nil
    let commands = ["PRIVMSG", "NOTICE", "001", "433", "CAP", "x"]
    var parameters: [String] = []
    for _ in 0..<Int.random(in: 0...4, using: &generator) {
      var middle = text(1...8, from: word, using: &generator)
      if middle.hasPrefix(":") { middle = "x" + middle }
      parameters.append(middle)
    }
    if Bool.random(using: &generator) { parameters.append(text(0...12, using: &generator)) }
    return IRCMessage(
      tags: tags, source: source, command: commands.randomElement(using: &generator)!,
      parameters: parameters)
  }

  /// Bytes that are mostly a line: pieces of protocol glued with random bytes.
  static func lineBytes(using generator: inout some RandomNumberGenerator) -> [UInt8] {
    let pieces = [
      "@", ":", " ", ";", "=", "\\", "PRIVMSG", "001", "#chat", "a=b", "time=x", " :", "\u{1}",
      "\r", "\0", "é",
    ]
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      if Int.random(in: 0..<5, using: &generator) == 0 {
        bytes.append(UInt8.random(in: 0...255, using: &generator))
      } else {
        bytes += Array(pieces.randomElement(using: &generator)!.utf8)
      }
    }
    return bytes
  }
}
