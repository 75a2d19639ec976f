import Testing

@testable import ChatCore

@Suite(.timeLimit(.minutes(10))) struct ConversationListTests {
  @Test func namesAreFoundWhateverTheirCase() {
    var list = ConversationList(first: .initial)
    _ = list.open(ConversationName("#Ops[1]"), kind: .channel)
    #expect(list.index(of: ConversationName("#ops{1}")) == 1)
    #expect(list.index(of: ConversationName("CONVERSATION")) == 0)
    #expect(list.index(of: ConversationName("#ops")) == nil)
  }

  @Test func changingTheRulesRekeysTheLookups() {
    var list = ConversationList(first: .initial)
    _ = list.open(ConversationName("#Ops[1]"), kind: .channel)
    list.rules.caseMapping = .ascii
    #expect(list.index(of: ConversationName("#ops{1}")) == nil)
    #expect(list.index(of: ConversationName("#OPS[1]")) == 1)
  }

  @Test func closingKeepsLookupsAndTheActiveConversationRight() {
    var list = ConversationList(first: .initial)
    for name in ["#a", "#b", "#c"] { _ = list.open(ConversationName(name), kind: .channel) }
    list.activate(at: 3)
    list.close(at: 1)
    #expect(list.map(\.name.text) == ["Conversation", "#b", "#c"])
    #expect(list.activeName == ConversationName("#c"))
    #expect(list.index(of: ConversationName("#c")) == 2)
    #expect(list.index(of: ConversationName("#b")) == 1)
    #expect(list.index(of: ConversationName("#a")) == nil)
    list.close(at: 2)
    #expect(list.activeName == ConversationName("#b"))
  }

  @Test func theTotalCapSharesTheScrollbackAmongOpenConversations() {
    var list = ConversationList(first: .initial, scrollbackLimit: 50, totalScrollbackLimit: 100)
    for number in 0..<60 {
      list.append(
        Message(id: id(UInt8(number)), sender: "x", text: "", time: at(0)), number: number, at: 0)
    }
    #expect(list[0].messageNumbers.count == 50)
    for name in ["#a", "#b", "#c", "#d"] { _ = list.open(ConversationName(name), kind: .channel) }
    #expect(list.scrollbackPerConversation == 20)
    #expect(Array(list[0].messageNumbers) == Array(40..<60))
    #expect(list.map(\.messageNumbers.limit).allSatisfy { $0 == 20 })
  }

  @Test func openingStopsAtTheLimit() {
    var list = ConversationList(first: .initial, limit: 2)
    #expect(list.open(ConversationName("#a"), kind: .channel) == 1)
    #expect(list.isFull)
    #expect(list.open(ConversationName("#b"), kind: .channel) == nil)
  }

  @Test func onlyOthersMessagesElsewhereCountAsUnread() {
    var list = ConversationList(first: .initial)
    _ = list.open(ConversationName("#a"), kind: .channel)
    list.append(Message(id: id(1), sender: "x", text: "", time: at(0)), number: 1, at: 1)
    list.append(
      Message(id: id(2), sender: "me", text: "", time: at(0), isLocal: true), number: 1, at: 1)
    list.append(Message(id: id(3), sender: "x", text: "", time: at(0)), number: 1, at: 0)
    #expect(list[1].unreadCount == 1)
    #expect(list[0].unreadCount == 0)
    list.activate(at: 1)
    #expect(list[1].unreadCount == 0)
  }
}

@Suite(.timeLimit(.minutes(10))) struct NameRulesTests {
  @Test(arguments: [
    (NameRules.CaseMapping.rfc1459, "Nick[A]\\^", "nick{a}|~"),
    (.rfc1459, "ÉCOLE", "École"),  // Only ASCII folds, as on IRC servers.
    (.ascii, "Nick[A]", "nick[a]"),
  ])
  func keysFoldWhatTheCaseMappingSays(mapping: NameRules.CaseMapping, name: String, key: String) {
    var rules = NameRules()
    rules.caseMapping = mapping
    #expect(rules.key(for: name) == key)
  }

  @Test func channelsAreTheNamesWithAChannelPrefix() {
    let rules = NameRules()
    #expect(rules.isChannel("#a") && rules.isChannel("&a"))
    #expect(!rules.isChannel("a#") && !rules.isChannel(""))
  }

  @Test func errorsQuoteTheNameAndSayWhatIsWrong() {
    let long = "#" + String(repeating: "x", count: 50)
    #expect(
      NameError.tooLong(long, kind: .channel, limit: 50).description
        == "'\(long)' is too long for a channel name (at most 50 bytes)")
    #expect(
      NameError.malformed("a b", kind: .privateChat, character: " ").description
        == "'a b' is not a valid nick name: it holds a space")
    #expect(
      NameError.malformed("#a\u{7}", kind: .channel, character: "\u{7}").description
        == "'#a\u{7}' is not a valid channel name: it holds U+0007")
  }
}
