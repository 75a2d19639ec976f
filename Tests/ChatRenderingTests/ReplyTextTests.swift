import ChatCore
import ChatRendering
import Testing

/// The server's answers to the user's questions as one block of text each, sanitised.
@Suite(.timeLimit(.minutes(10))) struct ReplyTextTests {
  @Test func aWhoisIsOneBlockWithARowPerFactGiven() {
    var reply = WhoisReply(nick: "bob")
    reply.user = "~bob"
    reply.host = "127.0.0.1"
    reply.realName = "Bob \u{2}Builder\u{2}"
    reply.channels = ["@#ops", "#chat"]
    reply.server = "irc1.test"
    reply.serverInfo = "chat test server"
    reply.account = "bobby"
    reply.secureConnection = "is using a secure connection"
    reply.isOperator = true
    reply.awayMessage = "lunch"
    reply.idleSeconds = 3725
    reply.signedOn = Timestamp(millisecondsSinceEpoch: 1_796_116_348_000)
    reply.other = ["is connecting from *@localhost 127.0.0.1"]
    #expect(
      NoticeFormatter.text(of: .reply(.whois(reply), time: .virtualEpoch)) == """
        whois bob: ~bob@127.0.0.1
          real name  Bob Builder
          channels   @#ops #chat
          server     irc1.test (chat test server)
          account    bobby
          TLS        is using a secure connection
          operator   yes
          away       lunch
          idle       1h 2m 5s, signed on 2026-12-01T09:12:28.000Z
          also       is connecting from *@localhost 127.0.0.1

        """)
  }

  @Test func aWhoisOfNoOneAndOfAlmostNothingSaySo() {
    var none = WhoisReply(nick: "ghost")
    none.isFound = false
    #expect(ReplyText.text(of: .whois(none)) == "whois ghost: no such nick\n")
    #expect(ReplyText.text(of: .whois(WhoisReply(nick: "bob"))) == "whois bob\n")
  }

  @Test func whatTheServerSaysIsSanitised() {
    var reply = WhoisReply(nick: "b\u{1B}[2Job")
    reply.user = "u\u{7}"
    reply.host = "h"
    reply.other = ["\u{1B}]0;title\u{7}"]
    let text = ReplyText.text(of: .whois(reply))
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(text.hasPrefix("whois b␛[2Job: u␇@h\n"))
  }

  @Test func aWhoListsEachPersonInAlignedColumns() {
    var reply = WhoReply(mask: "#ops")
    reply.entries = [
      WhoReply.Entry(
        nick: "bob", user: "~bob", host: "127.0.0.1", server: "s", realName: "Bob",
        channel: "#ops", isAway: true, flags: "@"),
      WhoReply.Entry(
        nick: "carolyn", user: "c", host: "h", server: "s", realName: "Carol",
        channel: "#ops", isAway: false, flags: ""),
    ]
    reply.omitted = 3
    #expect(
      ReplyText.text(of: .who(reply)) == """
        who #ops (5):
          bob      G@  ~bob@127.0.0.1  Bob
          carolyn  H   c@h             Carol
          ... and 3 more not shown

        """)
    #expect(ReplyText.text(of: .who(WhoReply(mask: "nobody*"))) == "who nobody*: no one\n")
  }

  @Test func theChannelListShowsUsersAndTopicsWithoutFormatting() {
    var list = ChannelList(mask: "#c*")
    list.channels = [
      ChannelList.Channel(name: "#chat", userCount: 120, topic: "release \u{3}4today"),
      ChannelList.Channel(name: "#c", userCount: 3, topic: ""),
    ]
    #expect(
      ReplyText.text(of: .channels(list)) == """
        2 channels matching #c*:
          #chat  120  release today
          #c       3

        """)
    #expect(ReplyText.text(of: .channels(ChannelList(mask: nil))) == "no channels\n")
  }

  @Test(arguments: [
    (Int64(0), "0s"), (59, "59s"), (60, "1m 0s"), (3599, "59m 59s"), (3600, "1h 0m 0s"),
    (90061, "1d 1h 1m 1s"),
  ])
  func idleTimesReadAsDaysHoursMinutesAndSeconds(seconds: Int64, text: String) {
    var reply = WhoisReply(nick: "bob")
    reply.idleSeconds = seconds
    #expect(ReplyText.text(of: .whois(reply)) == "whois bob\n  idle  \(text)\n")
  }

  @Test(arguments: [
    (
      Notice.needsServer(.whois),
      "/whois needs a server: the simulated peer has none (chat --server URL)\n"
    ),
    (.nothingToRetry, "nothing to retry: no message failed\n"),
    (
      .session(.markedAway(message: "lunch"), time: .virtualEpoch),
      "you are marked as away: lunch\n"
    ),
    (.session(.markedAway(message: nil), time: .virtualEpoch), "you are marked as away\n"),
    (.session(.markedBack, time: .virtualEpoch), "you are no longer marked as away\n"),
    (
      .session(.invited(nick: "bob", channel: "#ops"), time: .virtualEpoch), "invited bob to #ops\n"
    ),
    (.session(.modes(target: "#ops", modes: "+nt"), time: .virtualEpoch), "modes of #ops: +nt\n"),
  ])
  func theServerCommandsNoticesReadPlainly(notice: Notice, text: String) {
    #expect(NoticeFormatter.text(of: notice) == text)
  }
}
