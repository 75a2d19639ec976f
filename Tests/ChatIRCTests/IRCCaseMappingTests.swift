import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCCaseMappingTests {
  @Test(arguments: [
    (IRCCaseMapping.ascii, "Alice[]\\^", "alice[]\\^"),
    (.rfc1459, "Alice[]\\^", "alice{}|~"),
    (.strictRFC1459, "Alice[]\\^", "alice{}|^"),
    (.rfc1459, "ÉCOLE#Chat", "École#chat"),
  ])
  func foldsOnlyWhatItsMappingFolds(_ mapping: IRCCaseMapping, _ name: String, _ folded: String) {
    #expect(mapping.folded(name) == folded)
  }

  @Test func comparesNicksAndChannelsUnderTheMapping() {
    #expect(IRCCaseMapping.rfc1459.equal("Nick[away]", "nick{AWAY}"))
    #expect(!IRCCaseMapping.ascii.equal("Nick[away]", "nick{AWAY}"))
    #expect(IRCCaseMapping.rfc1459.equal("a~", "A^"))
    #expect(!IRCCaseMapping.strictRFC1459.equal("a~", "A^"))
    #expect(!IRCCaseMapping.rfc1459.equal("ab", "abc"))
  }

  @Test func readsItsISupportNames() {
    #expect(IRCCaseMapping.allCases.map(\.rawValue) == ["ascii", "rfc1459", "strict-rfc1459"])
  }
}
