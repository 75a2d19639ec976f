import ChatCore
import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCClientReceivingTests {
  func received(_ wire: IRCWire) -> [IRCIncomingMessage] {
    wire.events.compactMap { if case .received(let message) = $0 { message } else { nil } }
  }

  @Test func aChannelMessageCarriesItsIdTimeAndConversation() {
    var wire = IRCWire.inspircd()
    wire.server(
      "@time=2026-12-01T09:12:31.673Z;msgid=1AA~1796116348~0 :bob!bob@127.0.0.1 PRIVMSG #chat :hello world"
    )
    #expect(
      received(wire) == [
        IRCIncomingMessage(
          kind: .message, sender: "bob", source: "bob!bob@127.0.0.1", target: "#chat",
          conversation: "#chat", isPrivate: false, text: "hello world", msgid: "1AA~1796116348~0",
          serverTime: Timestamp(millisecondsSinceEpoch: 1_796_116_351_673), receivedAt: wire.time)
      ])
  }

  @Test func aPrivateMessageBelongsToTheSenderAndMentionsUs() {
    var wire = IRCWire.inspircd()
    wire.server(":bob!bob@h PRIVMSG alice :psst")
    let message = received(wire).first
    #expect(message?.conversation == "bob")
    #expect(message?.isPrivate == true && message?.mentionsUs == true)
  }

  @Test(arguments: [
    ("hey Alice, look", true), ("ALICE: ping", true), ("\u{2}alice\u{2}!", true),
    ("malice aforethought", false), ("alice_ is someone else", false), ("nothing", false),
  ])
  func ourNickAsAWordIsAMention(_ text: String, _ mentions: Bool) {
    var wire = IRCWire.inspircd()
    wire.server(":bob!bob@h PRIVMSG #chat :\(text)")
    #expect(received(wire).first?.mentionsUs == mentions)
  }

  /// A mention in the other case form of the server's mapping (nick `x[y\\`, text
  /// `X{Y|`): under rfc1459 and strict-rfc1459 alike, not under ascii.
  @Test(arguments: [
    ("rfc1459", "X{Y| there", true), ("strict-rfc1459", "X{Y| there", true),
    ("ascii", "X{Y| there", false), ("ascii", "X[Y\\ there", true),
  ])
  func aMentionInTheOtherCaseFormOfTheMappingIsAMention(
    _ mapping: String, _ text: String, _ mentions: Bool
  ) {
    var wire = IRCWire(.init(nick: "x[y\\", channels: ["#chat"]))
    wire.server(":irc.test CAP * LS :multi-prefix")
    wire.server(":irc.test 001 x[y\\ :Welcome")
    wire.server(":irc.test 005 x[y\\ CASEMAPPING=\(mapping) :are supported by this server")
    wire.server(":bob!bob@h PRIVMSG #chat :\(text)")
    #expect(received(wire).first?.mentionsUs == mentions)
  }

  /// Under rfc1459 (the mapping when the server names none) `[]\\` are the capitals of
  /// `{}|`: our nick written in the other form is still our nick. (`^` and `~` are too, but
  /// `~` cannot be in a nick, so a text never names us with it.)
  @Test(arguments: [
    ("x[y", "X{Y", true), ("x{y", "X[Y", true), ("a]b\\c", "A}B|C", true), ("a|b", "a\\b", true),
    ("x[y", "x(y", false),
  ])
  func ourNickInTheOtherRFC1459CaseFormIsAMention(_ nick: String, _ text: String, _ mentions: Bool)
  {
    var wire = IRCWire(.init(nick: nick, channels: ["#chat"], pacing: .unlimited))
    wire.server(":irc.test CAP * LS :multi-prefix")
    wire.server(":irc.test 001 \(nick) :Welcome")
    wire.server(":bob!bob@h PRIVMSG #chat :hey \(text), look")
    #expect(received(wire).first?.mentionsUs == mentions, "\(wire.events)")
  }

  @Test func actionsNoticesAndServerNotices() {
    var wire = IRCWire.inspircd()
    wire.server(":bob!bob@h PRIVMSG #chat :\u{1}ACTION waves\u{1}")
    wire.server(":bob!bob@h NOTICE #chat :heads up")
    wire.server(":irc1.test NOTICE alice :*** You are connected")
    wire.server("NOTICE * :*** Looking up your hostname...")
    #expect(received(wire).map(\.kind) == [.action, .notice])
    #expect(received(wire).first?.text == "waves")
    #expect(
      wire.events.suffix(2) == [
        .serverNotice(server: "irc1.test", text: "*** You are connected"),
        .serverNotice(server: nil, text: "*** Looking up your hostname..."),
      ])
  }

  @Test func otherCTCPRequestsAndRepliesAreIgnoredAndNeverAnswered() {
    var wire = IRCWire.inspircd()
    wire.server(":bob!bob@h PRIVMSG alice :\u{1}CLIENTINFO\u{1}")
    wire.server(":bob!bob@h PRIVMSG alice :\u{1}DCC SEND x 1 2 3\u{1}", after: 2000)
    wire.server(":bob!bob@h NOTICE alice :\u{1}VERSION other 1.0\u{1}", after: 2000)
    wire.wait(2000)
    #expect(wire.lines.isEmpty && wire.events.isEmpty)
    #expect(wire.client.statistics.ignoredCTCP == 3)
  }

  @Test func aHistoryBatchMarksItsMessagesAndOurOwnAreNotTakenForEchoes() {
    // Echo-message without labels, where an echo is matched by its text.
    var wire = IRCWire(.init(nick: "alice", pacing: .unlimited))
    wire.server(":irc1.test CAP * LS :echo-message batch")
    wire.server(":irc1.test CAP alice ACK :echo-message batch")
    wire.server(":irc1.test 001 alice :Welcome")
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "old words"))
    wire.server(":irc1.test BATCH +h1 chathistory #chat")
    wire.server("@batch=h1;time=2026-11-30T08:00:00.000Z;msgid=A :bob!b@h PRIVMSG #chat :yesterday")
    wire.server("@batch=h1;msgid=B :alice!alice@127.0.0.1 PRIVMSG #chat :old words")
    wire.server(":irc1.test BATCH -h1")
    wire.server("@msgid=C :bob!b@h PRIVMSG #chat :today")
    #expect(received(wire).map(\.isHistory) == [true, true, false])
    #expect(received(wire).map(\.isOwn) == [false, true, false])
    #expect(wire.client.unconfirmedLineCount == 1)
  }

  @Test func membershipChangesBecomeEvents() {
    var wire = IRCWire.inspircd(channels: ["#chat", "#ops"])
    wire.server(":irc1.test 353 alice = #chat :alice @bob +carol!c@h")
    wire.server(":irc1.test 366 alice #chat :End of /NAMES list.")
    wire.server(":irc1.test 353 alice @ #ops :alice bob")
    wire.server(":irc1.test 366 alice #ops :End of /NAMES list.")
    wire.reset()
    wire.server(":dave!d@h JOIN #chat")
    wire.server(":bob!b@h NICK robert")
    wire.server(":carol!c@h PART #chat :later")
    wire.server(":robert!b@h KICK #chat dave :behave")
    wire.server(":robert!b@h QUIT :*.net *.split")
    wire.server(":robert!b@h TOPIC #chat :new topic")
    wire.server(":irc1.test 332 alice #chat :the topic")
    wire.server(":irc1.test 333 alice #chat bob!b@h 1796116348")
    wire.server(":irc1.test 331 alice #ops :No topic is set.")
    #expect(
      wire.events == [
        .userJoined(channel: "#chat", nick: "dave"),
        .userNickChanged(from: "bob", to: "robert"),
        .userParted(channel: "#chat", nick: "carol", reason: "later"),
        .userKicked(channel: "#chat", nick: "dave", by: "robert", reason: "behave"),
        .userQuit(nick: "robert", reason: "*.net *.split"),
        .topic(channel: "#chat", text: "new topic", setBy: "robert", time: wire.time),
        .topic(channel: "#chat", text: "the topic", setBy: nil, time: nil),
        .topicSetBy(
          channel: "#chat", nick: "bob", time: Timestamp(millisecondsSinceEpoch: 1_796_116_348_000)),
        .topic(channel: "#ops", text: "", setBy: nil, time: nil),
      ])
  }

  @Test func ourOwnPartAndKickLeaveTheChannel() {
    var wire = IRCWire.inspircd(channels: ["#chat", "#ops"])
    wire.user(.part(channel: "#ops", reason: "bye"))
    #expect(wire.lines == ["PART #ops bye"])
    wire.server(":alice!alice@127.0.0.1 PART #ops :bye")
    wire.server(":bob!b@h KICK #chat alice :out")
    #expect(
      wire.events == [
        .parted(channel: "#ops", reason: "bye"),
        .kicked(channel: "#chat", by: "bob", reason: "out"),
      ])
    #expect(wire.client.joinedChannels.isEmpty)
  }

  @Test func aRefusedJoinSaysWhy() {
    var wire = IRCWire.inspircd()
    wire.user(.join(channel: "#secret"))
    wire.server(":irc1.test 473 alice #secret :Cannot join channel (invite only)")
    #expect(
      wire.events == [.joinFailed(channel: "#secret", reason: "Cannot join channel (invite only)")])
  }

  /// Refusals other servers send: a reserved name (479, Solanum's RESV), a join throttle
  /// (480), an operators-only channel (520): each a refused join, not a stray reply, so piped
  /// input stops waiting for that channel.
  @Test(arguments: ["479", "480", "520"])
  func otherServersRefusalsAreRefusedJoins(code: String) {
    var wire = IRCWire.inspircd()
    wire.user(.join(channel: "#resvd"))
    wire.server(":irc1.test \(code) alice #resvd :Cannot join channel")
    #expect(wire.events == [.joinFailed(channel: "#resvd", reason: "Cannot join channel")])
  }

  @Test func otherErrorRepliesAreShown() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test 482 alice #chat :You must be a channel op")
    #expect(wire.events == [.serverReply(code: "482", text: "#chat: You must be a channel op")])
  }
}
