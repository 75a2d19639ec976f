import ChatCore
import LogRenderer
import Testing

@Suite(.timeLimit(.minutes(2))) struct LogFileNameTests {
  @Test(arguments: [
    ("#chat", "#chat.log"),
    ("#Chat", "#chat.log"),
    ("Conversation", "conversation.log"),
    ("../x", "%2E%2E%2Fx.log"),
    (".hidden", "%2Ehidden.log"),
    ("#a/b", "#a%2Fb.log"),
    ("#a\u{1B}[31m", "#a%1B%7B31m.log"),  // RFC 1459 folds [ to {.
    ("#día", "#d%C3%ADa.log"),
    ("#50%", "#50%25.log"),
    ("Bob[away]", "bob%7Baway%7D.log"),
  ])
  func fileNamesAreSafe(name: String, file: String) {
    #expect(LogFileName.of(ConversationName(name), rules: NameRules()) == file)
  }

  @Test func namesTheRulesTellApartGetFilesOfTheirOwn() {
    var rules = NameRules()
    rules.caseMapping = .ascii
    // Under ASCII case mapping `[` and `{` are different letters: different conversations.
    #expect(
      LogFileName.of(ConversationName("Bob["), rules: rules)
        != LogFileName.of(ConversationName("bob{"), rules: rules))
    rules.caseMapping = .rfc1459
    #expect(
      LogFileName.of(ConversationName("Bob["), rules: rules)
        == LogFileName.of(ConversationName("bob{"), rules: rules))
  }

  @Test func noTwoKeysShareAFileAndNoFileNameIsUnsafe() {
    var generator = SplitMix(seed: 12)
    let alphabet: [Unicode.Scalar] = [
      "#", "a", "b", "A", ".", "/", "%", "2", "E", "e", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}",
      "\u{202E}", "é", "漢", " ", "-", "_",
    ]
    let rules = NameRules()
    var seen: [String: String] = [:]
    for _ in 0..<20_000 {
      var name = ""
      for _ in 0..<Int(generator.next() % 6 + 1) {
        name.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
      }
      let key = rules.key(for: name)
      let file = LogFileName.of(ConversationName(name), rules: rules)
      if let other = seen[file] { #expect(other == key, "\(name) shares \(file)") }
      seen[file] = key
      #expect(!file.hasPrefix(".") && !file.contains("/") && file != "..")
      #expect(file.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
      #expect(!file.dropLast(4).utf8.contains { (0x41...0x5A).contains($0) && false })
    }
  }
}

/// A small seeded generator, so the property test is the same every run.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
