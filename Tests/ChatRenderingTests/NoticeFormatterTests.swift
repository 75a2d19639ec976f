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
    (
      .members(ConversationName("#room"), [Member("Bob"), Member("PersonA")]),
      "2 in #room: Bob PersonA\n"
    ),
    (
      .members(
        ConversationName("#room"), [Member("Bob", awayMessage: "lunch"), Member("Eve\u{1B}")]),
      "2 in #room: Bob (away) Eve␛\n"
    ),
    (
      .members(
        ConversationName("#room"),
        [
          Member("Ann", prefixes: "@+"), Member("Bob", prefixes: "+"),
          Member("Eve", prefixes: "\u{1B}"),
        ]),
      "3 in #room: @Ann +Bob ␛Eve\n"
    ),
    (.missingArgument(.msg), "usage: /msg NAME TEXT\n"),
    (.joinFailed(ConversationName("#a"), reason: "banned\u{7}"), "cannot join #a: banned␇\n"),
    (
      .noAnswer(ChannelRequest(.joinAtStart, ConversationName("#a\u{1B}")), seconds: 30),
      "no answer to joining #a␛ within 30 s; going on without it\n"
    ),
    (
      .noAnswer(ChannelRequest(.part, ConversationName("#a")), seconds: 30),
      "no answer to leaving #a within 30 s; going on without it\n"
    ),
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

  @Test func helpListsEveryCommandAndEachGroupItsOwn() {
    let help = NoticeFormatter.text(of: .help)
    #expect(help.hasPrefix("commands:\n  /help [TOPIC]   list the commands\n"))
    let conversations = NoticeFormatter.text(of: .conversationHelp)
    #expect(conversations.hasPrefix("conversation commands:\n"))
    let server = NoticeFormatter.text(of: .serverHelp)
    #expect(server.hasPrefix("server commands (with --server):\n"))
    #expect(help.hasSuffix(conversations + server))
    for name in Command.Name.allCases {
      #expect(help.contains("  " + name.usage + " "), "\(name)")
      let group = name.isConversationCommand ? conversations : name.needsServer ? server : help
      #expect(group.contains("  " + name.usage + " "), "\(name)")
    }
    // Both lists are named, and neither is hidden.
    #expect(conversations.contains("/list "))
    #expect(server.contains("/channels [MASK] "))
    // Every line fits 80 columns.
    for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    // Every short form, with what it stands for.
    for (form, command) in Command.Name.shortForms {
      #expect(server.contains("/\(form) = /\(command.rawValue)"), "\(form)")
    }
  }

  @Test(arguments: [
    (
      SessionNotice.nickFallback(wanted: "bot", nick: "bot_"),
      "registered as bot_: bot was not available\n"
    ),
    (.messageSplit(parts: 3), "the message is too long for one IRC line: it goes out in 3 parts\n"),
    (
      .multilineSplit(messages: 3, maxBytes: 4096, maxLines: 100),
      "the message is longer than the server takes in one (4096 bytes, 100 lines): it goes out"
        + " as 3 messages\n"
    ),
    (
      .multilineOverflowed(conversation: "#a\u{1B}[2J", lines: 1000, bytes: 65536),
      "a message of several lines in #a␛[2J was longer than chat keeps of one (1000 lines,"
        + " 65536 bytes): the rest of it is dropped\n"
    ),
    (
      .disconnected(reason: "Ping timeout\u{1B}[2J", retried: true),
      "disconnected: Ping timeout␛[2J\n"
    ),
    (
      .disconnected(reason: "SASL failed", retried: false),
      "disconnected: SASL failed (not retried)\n"
    ),
    (
      .reconnecting(host: "127.0.0.1", port: 6667, afterMilliseconds: 1530),
      "reconnecting to 127.0.0.1:6667 in 1.5 s\n"
    ),
    (
      .tlsUnverified(host: "irc.example", port: 6697),
      "TLS to irc.example:6697 is not verified (--tls-insecure)\n"
    ),
    (
      .serverReply(code: "482", text: "#a: op\u{202E}ly"), "server (482): #a: op<U+202E>ly\n"
    ),
    (
      .notDelivered(count: 1, reason: "the server refused it (404): +n"),
      "a message was not delivered: the server refused it (404): +n\n"
    ),
    (
      .notDelivered(count: 8, reason: "not sent: the connection was lost (gone\u{1B}[2J)"),
      "8 messages were not delivered: not sent: the connection was lost (gone␛[2J)\n"
    ),
  ])
  func sessionNoticesReadPlainlyAndTheServersPartsAreSanitised(
    notice: SessionNotice, text: String
  ) {
    #expect(NoticeFormatter.text(of: .session(notice, time: .virtualEpoch)) == text)
  }

  @Test func theLinkSaysStatusLagAndQueuedLines() {
    #expect(
      NoticeFormatter.text(
        of: .link(
          LinkStatus(queuedLines: 3, lagMilliseconds: 120), status: .connected, nick: "alice"))
        == "server: connected, lag 120ms, 3 lines queued; you are alice\n")
    #expect(
      NoticeFormatter.text(of: .link(LinkStatus(), status: .connected, nick: "alice"))
        == "server: connected, lag not measured yet; you are alice\n")
    #expect(
      NoticeFormatter.text(of: .link(LinkStatus(), status: .disconnected, nick: "a\u{1B}b"))
        == "server: disconnected; you are a␛b\n")
  }
}
