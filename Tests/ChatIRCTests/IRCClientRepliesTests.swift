import ChatCore
import ChatIRC
import Testing

/// The server's answers to the user's commands: gathered into one reply (`WHOIS`, `WHO`,
/// `LIST`), told as they come (away, inviting, modes, a refused nick), and after a
/// hand-written line, whatever nothing else shows.
@Suite(.timeLimit(.minutes(10))) struct IRCClientRepliesTests {
  @Test func aWhoisIsGatheredUntilItsEndIntoOneReply() {
    var wire = IRCWire.inspircd()
    wire.user(.whois(nick: "BOB"))
    wire.reset()
    let lines = [
      ":irc1.test 311 alice bob ~bob 127.0.0.1 * :Bob \u{2}Builder\u{2}",
      ":irc1.test 378 alice bob :is connecting from *@localhost 127.0.0.1",
      ":irc1.test 319 alice bob :@#chat +#ops",
      ":irc1.test 319 alice bob :#more",
      ":irc1.test 312 alice bob irc1.test :chat test server",
      ":irc1.test 313 alice bob :is a server operator",
      ":irc1.test 301 alice bob :gone fishing",
      ":irc1.test 330 alice bob bobby :is logged in as",
      ":irc1.test 671 alice bob :is using a secure connection",
      ":irc1.test 276 alice bob :has client certificate fingerprint ab12",
      ":irc1.test 317 alice bob 75 1796116348 :seconds idle, signon time",
    ]
    for line in lines { wire.server(line) }
    #expect(wire.events.isEmpty, "nothing until the end")
    wire.server(":irc1.test 318 alice bob :End of /WHOIS list.")
    var expected = WhoisReply(nick: "bob")
    expected.user = "~bob"
    expected.host = "127.0.0.1"
    expected.realName = "Bob \u{2}Builder\u{2}"
    expected.channels = ["@#chat", "+#ops", "#more"]
    expected.server = "irc1.test"
    expected.serverInfo = "chat test server"
    expected.isOperator = true
    expected.awayMessage = "gone fishing"
    expected.account = "bobby"
    expected.secureConnection = "is using a secure connection"
    expected.idleSeconds = 75
    expected.signedOn = Timestamp(millisecondsSinceEpoch: 1_796_116_348_000)
    expected.other = [
      "is connecting from *@localhost 127.0.0.1", "has client certificate fingerprint ab12",
    ]
    #expect(wire.events == [.whoisReplied(expected)])
  }

  @Test func aWhoisOfNoOneSaysSoOnceAtItsEnd() {
    var wire = IRCWire.ngircd()
    wire.user(.whois(nick: "ghost"))
    wire.reset()
    wire.server(":irc.test 401 alice ghost :No such nick or channel name")
    wire.server(":irc.test 318 alice ghost :End of WHOIS list")
    var expected = WhoisReply(nick: "ghost")
    expected.isFound = false
    #expect(wire.events == [.whoisReplied(expected)])
  }

  @Test func anAwayReplyWithoutAWhoisIsToldAsItIs() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test 301 alice bob :gone fishing")
    #expect(wire.events == [.serverReply(code: "301", text: "bob is away: gone fishing")])
  }

  @Test func repliesAboutANickNotAskedAboutAreNotGathered() {
    var wire = IRCWire.inspircd()
    wire.user(.whois(nick: "bob"))
    wire.reset()
    wire.server(":irc1.test 311 alice carol ~c h * :Carol")
    wire.server(":irc1.test 318 alice carol :End of /WHOIS list.")
    #expect(wire.events.isEmpty)
    wire.server(":irc1.test 318 alice bob :End of /WHOIS list.")
    #expect(wire.events == [.whoisReplied(WhoisReply(nick: "bob"))])
  }

  @Test func aHostileWhoisCannotGrowItsReply() {
    var wire = IRCWire.inspircd()
    wire.user(.whois(nick: "bob"))
    wire.reset()
    for index in 0..<2000 {
      wire.server(":irc1.test 378 alice bob :line \(index)")
      wire.server(":irc1.test 319 alice bob :#c\(index)")
    }
    wire.server(":irc1.test 318 alice bob :End")
    guard case .whoisReplied(let reply)? = wire.events.first else {
      Issue.record("\(wire.events.prefix(3))")
      return
    }
    #expect(reply.other.count == WhoisReply.otherLimit)
    #expect(reply.channels.count == WhoisReply.channelLimit)
  }

  @Test func aWhoIsGatheredUntilItsEnd() {
    var wire = IRCWire.inspircd()
    wire.user(.who(mask: "#chat"))
    wire.reset()
    wire.server(":irc1.test 352 alice #chat ~bob 127.0.0.1 irc1.test bob G@ :0 Bob Builder")
    wire.server(":irc1.test 352 alice #chat alice 127.0.0.1 irc1.test alice H :0 Alice")
    #expect(wire.events.isEmpty)
    wire.server(":irc1.test 315 alice #chat :End of /WHO list.")
    var expected = WhoReply(mask: "#chat")
    expected.entries = [
      WhoReply.Entry(
        nick: "bob", user: "~bob", host: "127.0.0.1", server: "irc1.test",
        realName: "Bob Builder", channel: "#chat", isAway: true, flags: "@"),
      WhoReply.Entry(
        nick: "alice", user: "alice", host: "127.0.0.1", server: "irc1.test", realName: "Alice",
        channel: "#chat", isAway: false, flags: ""),
    ]
    #expect(wire.events == [.whoReplied(expected)])
  }

  @Test func theChannelListIsGatheredUntilItsEndAndBounded() {
    var wire = IRCWire.inspircd()
    wire.user(.listChannels(mask: nil))
    wire.reset()
    wire.server(":irc1.test 321 alice Channel :Users Name")
    wire.server(":irc1.test 322 alice #chat 3 :[+nt] release \u{3}4today")
    wire.server(":irc1.test 322 alice #empty 1 :")
    wire.server(":irc1.test 323 alice :End of channel list.")
    var expected = ChannelList(mask: nil)
    expected.channels = [
      ChannelList.Channel(name: "#chat", userCount: 3, topic: "[+nt] release \u{3}4today"),
      ChannelList.Channel(name: "#empty", userCount: 1, topic: ""),
    ]
    #expect(wire.events == [.channelsListed(expected)])

    wire.user(.listChannels(mask: "#c*"))
    wire.reset()
    for index in 0..<(ChannelList.channelLimit + 5) {
      wire.server(":irc1.test 322 alice #c\(index) 1 :t")
    }
    wire.server(":irc1.test 323 alice :End of channel list.")
    guard case .channelsListed(let list)? = wire.events.first else {
      Issue.record("\(wire.events.prefix(2))")
      return
    }
    #expect(list.mask == "#c*")
    #expect(list.channels.count == ChannelList.channelLimit)
    #expect(list.omitted == 5)
  }

  @Test func aListNotAskedForIsNotGathered() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test 322 alice #chat 3 :topic")
    wire.server(":irc1.test 323 alice :End of channel list.")
    #expect(wire.events.isEmpty)
  }

  @Test func awayAndBackAreConfirmedWithTheMessageAskedFor() {
    var wire = IRCWire.inspircd()
    wire.user(.setAway(message: "lunch"))
    wire.server(":irc1.test 306 alice :You have been marked as being away")
    wire.user(.setAway(message: nil))
    wire.server(":irc1.test 305 alice :You are no longer marked as being away")
    #expect(wire.events == [.markedAway(message: "lunch"), .markedBack])
  }

  @Test(arguments: [
    ":irc1.test 341 alice bob :#chat", ":irc1.test 341 alice #chat bob",
  ])
  func anInvitationIsConfirmedInEitherOrder(line: String) {
    var wire = IRCWire.inspircd()
    wire.server(line)
    #expect(wire.events == [.inviting(nick: "bob", channel: "#chat")])
  }

  @Test func modesAskedForAreToldAndTheCreationTimeIsNot() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test 324 alice #chat +ntk secret")
    wire.server(":irc1.test 329 alice #chat 1796116348")
    wire.server(":irc1.test 221 alice +iw")
    #expect(
      wire.events == [
        .currentModes(target: "#chat", modes: "+ntk secret"),
        .currentModes(target: "alice", modes: "+iw"),
      ])
  }

  @Test(arguments: [
    (":irc1.test 433 alice bob :Nickname is already in use.", "Nickname is already in use."),
    (":irc1.test 432 alice b!b :Erroneous Nickname", "Erroneous Nickname"),
    (":irc1.test 436 alice bob :Nickname collision", "Nickname collision"),
    (
      ":irc1.test 437 alice bob :Nick is temporarily unavailable", "Nick is temporarily unavailable"
    ),
  ])
  func aNickRefusedAfterRegistrationSaysWhy(line: String, reason: String) {
    var wire = IRCWire.inspircd()
    wire.user(.changeNick("bob"))
    wire.reset()
    wire.server(line)
    let refused = line.split(separator: " ")[3]
    #expect(wire.events == [.nickChangeFailed(nick: String(refused), reason: reason)])
  }

  @Test(arguments: [
    (
      ":irc.test 438 alice bob :Nick change too fast. Please wait 28 seconds.",
      "Nick change too fast. Please wait 28 seconds."
    ),
    (
      ":irc1.test 447 alice :Can't change nickname while on #quiet (+N is set)",
      "Can't change nickname while on #quiet (+N is set)"
    ),
    (
      ":irc1.test 435 alice bob #ban :Cannot change nickname while banned on channel",
      "Cannot change nickname while banned on channel"
    ),
  ])
  func aNickRefusedForAnotherReasonSaysWhyToo(line: String, reason: String) {
    var wire = IRCWire.inspircd()
    wire.user(.changeNick("bob"))
    wire.reset()
    wire.server(line)
    #expect(wire.events == [.nickChangeFailed(nick: "bob", reason: reason)])
    // Only a nick change waiting is refused so.
    wire.reset()
    wire.server(line)
    #expect(wire.events.count == 1)
    guard case .serverReply? = wire.events.first else {
      Issue.record("\(wire.events)")
      return
    }
  }

  @Test func aChannelUnavailableIsAJoinRefusedNotANick() {
    var wire = IRCWire.inspircd()
    wire.user(.join(channel: "#held"))
    wire.reset()
    wire.server(":irc.test 437 alice #held :Nick/channel is temporarily unavailable")
    #expect(
      wire.events == [
        .joinFailed(channel: "#held", reason: "Nick/channel is temporarily unavailable")
      ])
  }

  @Test func afterAHandWrittenLineItsRepliesAreShownUntilThePong() {
    var wire = IRCWire.inspircd()
    // Without a hand-written line, a reply nothing shows stays unshown.
    wire.server(":irc1.test 351 alice InspIRCd-3.15. irc1.test :")
    #expect(wire.events.isEmpty)
    wire.user(.rawLine("VERSION"))
    let token = String(wire.lines.last!.dropFirst("PING ".count))
    wire.reset()
    wire.server(":irc1.test 351 alice InspIRCd-3.15. irc1.test :some words")
    wire.server(":irc1.test 005 alice MODES=20 :are supported by this server")
    #expect(
      wire.events.first == .serverReply(code: "351", text: "InspIRCd-3.15. irc1.test some words"))
    wire.server(":irc1.test PONG irc1.test :\(token)")
    wire.reset()
    wire.server(":irc1.test 351 alice again")
    #expect(wire.events.isEmpty)
  }

  @Test func aWindowShowsABoundedNumberOfReplies() {
    var wire = IRCWire.inspircd()
    wire.user(.rawLine("MOTD"))
    wire.reset()
    for index in 0..<1000 { wire.server(":irc1.test 372 alice :- line \(index)") }
    #expect(wire.events.count == 500)
  }

  @Test func aReconnectForgetsTheQuestionsOfTheLinkBefore() {
    var wire = IRCWire.inspircd()
    wire.user(.whois(nick: "bob"))
    wire.take(wire.client.start(at: wire.time))
    wire.server(":irc1.test 001 alice :Welcome")
    wire.reset()
    wire.server(":irc1.test 318 alice bob :End of /WHOIS list.")
    #expect(wire.events.isEmpty)
  }
}

/// The nick the user chose is the one a reconnect registers with.
@Suite(.timeLimit(.minutes(10))) struct IRCClientWantedNickTests {
  @Test func aNickChangedByTheUserIsKeptForTheNextConnection() {
    var wire = IRCWire.inspircd()
    wire.user(.changeNick("bob"))
    wire.server(":alice!alice@127.0.0.1 NICK :bob")
    #expect(wire.client.wantedNick == "bob")
    wire.reset()
    wire.take(wire.client.start(at: wire.time))
    #expect(wire.lines.contains("NICK bob"))
    // Taken meanwhile: the fallbacks are made from it.
    wire.reset()
    wire.server(":irc1.test 433 * bob :Nickname is already in use.")
    #expect(wire.lines.contains("NICK bob_"))
  }

  @Test func aRenameByTheServerIsNotKept() {
    var wire = IRCWire.inspircd()
    wire.server(":alice!alice@127.0.0.1 NICK :Guest42")
    #expect(wire.client.nick == "Guest42")
    #expect(wire.client.wantedNick == "alice")
  }
}
