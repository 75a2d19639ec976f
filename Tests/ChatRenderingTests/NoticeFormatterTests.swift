import ChatCore
import ChatRendering
import Testing

@Suite(.timeLimit(.minutes(10))) struct NoticeFormatterTests {
  private let room = ConversationName("#room")

  @Test(arguments: [
    (
      Notice.conversations([
        ConversationSummary(
          number: 1, name: .initial, kind: .server, unreadCount: 2, isActive: false),
        ConversationSummary(
          number: 2, name: ConversationName("#room"), kind: .channel, unreadCount: 0, isActive: true
        ),
      ]),
      "conversations:\n  1 Conversation (2 unread)\n* 2 #room\n"
    ),
    (
      Notice.conversations([
        ConversationSummary(
          number: 1, name: .initial, kind: .server, unreadCount: 3, isActive: false,
          mentionCount: 1),
        ConversationSummary(
          number: 2, name: ConversationName("Carol"), kind: .privateChat, unreadCount: 2,
          isActive: false, mentionCount: 2),
      ]),
      "conversations:\n  1 Conversation (1 mention, 2 more unread)\n  2 Carol (2 mentions)\n"
    ),
    (.members(ConversationName("#room"), ["Bob", "PersonA"]), "2 in #room: Bob PersonA\n"),
    (.missingArgument(.msg), "usage: /msg NAME TEXT\n"),
    (.joinFailed(ConversationName("#a"), reason: "banned\u{7}"), "cannot join #a: banned␇\n"),
    (.notOpen("#x\u{1B}"), "no conversation '#x␛' is open; /list shows them\n"),
    (.topic(ConversationName("#room"), nil), "no topic is set in #room\n"),
    (.topic(ConversationName("#room"), "a\u{202E}b"), "topic of #room: a<U+202E>b\n"),
    (
      .badName(.notAChannel("x")),
      "'x' is not a channel name (channel names start with # or &)\n"
    ),
    (
      .tooManyConversations(limit: 1000),
      "cannot open another conversation: 1000 are open, the most; /part one first\n"
    ),
  ])
  func conversationNoticesReadPlainlyAndAreSanitised(notice: Notice, text: String) {
    #expect(NoticeFormatter.text(of: notice) == text)
  }

  @Test func helpKeepsItsListAndConversationHelpListsTheRest() {
    let help = NoticeFormatter.text(of: .help)
    #expect(help.hasPrefix("commands:\n  /help   list the commands\n"))
    #expect(!help.contains("/join"))
    let conversations = NoticeFormatter.text(of: .conversationHelp)
    for name in Command.Name.allCases where name.isConversationCommand {
      #expect(conversations.contains("  " + name.usage), "\(name)")
    }
  }
}
