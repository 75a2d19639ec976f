import ChatCore
import Testing

@Suite(.timeLimit(.minutes(10))) struct CaseMappingTests {
  @Test(arguments: [
    (NameRules.CaseMapping.ascii, "Alice[]\\^", "alice[]\\^"),
    (.rfc1459, "Alice[]\\^", "alice{}|~"),
    (.strictRFC1459, "Alice[]\\^", "alice{}|^"),
    (.rfc1459, "ÉCOLE#Chat", "École#chat"),
  ])
  func foldsOnlyWhatItsMappingFolds(
    _ mapping: NameRules.CaseMapping, _ name: String, _ folded: String
  ) {
    #expect(mapping.folded(name) == folded)
  }

  @Test func comparesNicksAndChannelsUnderTheMapping() {
    #expect(NameRules.CaseMapping.rfc1459.equal("Nick[away]", "nick{AWAY}"))
    #expect(!NameRules.CaseMapping.ascii.equal("Nick[away]", "nick{AWAY}"))
    #expect(NameRules.CaseMapping.rfc1459.equal("a~", "A^"))
    #expect(!NameRules.CaseMapping.strictRFC1459.equal("a~", "A^"))
    #expect(!NameRules.CaseMapping.rfc1459.equal("ab", "abc"))
  }

  @Test func readsItsISupportNames() {
    #expect(
      NameRules.CaseMapping.allCases.map(\.rawValue) == ["ascii", "rfc1459", "strict-rfc1459"])
  }
}

@Suite(.timeLimit(.minutes(10))) struct CaseMappingSharedTests {
  /// The core keys names with the fold the protocol uses: strict-rfc1459 keeps `^` and `~`
  /// apart in conversations too (it was folded as rfc1459 there once).
  @Test(arguments: NameRules.CaseMapping.allCases)
  func theCoreKeysNamesAsTheProtocolFoldsThem(_ mapping: NameRules.CaseMapping) {
    var rules = NameRules()
    rules.caseMapping = mapping
    for name in ["Nick[A]\\^", "a~", "A^", "#Chat{}", "plain"] {
      #expect(rules.key(for: name) == mapping.folded(name))
    }
    #expect((rules.key(for: "X^") == rules.key(for: "x~")) == (mapping == .rfc1459))
  }
}
