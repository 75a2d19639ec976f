import ChatCore
import ChatIRC
import Testing

/// The user's server commands on IRC: the line each intent writes, paced and kept one line.
@Suite(.timeLimit(.minutes(10))) struct IRCClientCommandsTests {
  @Test(arguments: [
    (IRCIntent.changeNick("bob"), ["NICK bob"]),
    (.whois(nick: "bob"), ["WHOIS bob"]),
    (.who(mask: "#chat"), ["WHO #chat"]),
    (.setAway(message: "gone fishing"), ["AWAY :gone fishing"]),
    (.setAway(message: nil), ["AWAY"]),
    (.setAway(message: "\r\n"), ["AWAY"]),
    (.invite(nick: "bob", channel: "#chat"), ["INVITE bob #chat"]),
    (.kick(nick: "bob", channel: "#chat", reason: nil), ["KICK #chat bob"]),
    (.kick(nick: "bob", channel: "#chat", reason: "spam\r\nQUIT"), ["KICK #chat bob :spam  QUIT"]),
    (.listChannels(mask: nil), ["LIST"]),
    (.listChannels(mask: "#c*"), ["LIST #c*"]),
    (.join(channel: "#vault", key: "hunter2"), ["JOIN #vault hunter2"]),
    (.part(channel: "#chat", reason: "bye now"), ["PART #chat :bye now"]),
    (.quit(reason: "off to lunch"), ["QUIT :off to lunch"]),
  ])
  func eachIntentWritesItsLine(intent: IRCIntent, lines: [String]) {
    var wire = IRCWire.inspircd()
    wire.user(intent)
    #expect(wire.lines == lines)
    #expect(wire.events == [])
  }

  @Test func modesAskedOrChangedAreFollowedByAPingThatBoundsTheirReplies() {
    var wire = IRCWire.inspircd()
    wire.user(.setModes(target: "#chat", modes: ["+k", "key"]))
    #expect(wire.lines.count == 2)
    #expect(wire.lines.first == "MODE #chat +k key")
    #expect(wire.lines.last?.hasPrefix("PING chat-") == true)
  }

  @Test func memberModesAreGroupedByTheServersModesLimit() {
    var wire = IRCWire.inspircd()
    wire.user(
      .setMemberMode(.operator, adding: true, targets: ["a", "b", "c", "d"], channel: "#chat"))
    // No MODES yet: three a line, the protocol's default.
    #expect(wire.lines == ["MODE #chat +ooo a b c", "MODE #chat +o d"])
    wire.reset()
    wire.server(":irc1.test 005 alice MODES=2 :are supported by this server")
    wire.reset()
    wire.user(.setMemberMode(.voice, adding: false, targets: ["a", "b", "c"], channel: "#chat"))
    #expect(wire.lines == ["MODE #chat -vv a b", "MODE #chat -v c"])
    wire.reset()
    wire.server(":irc1.test 005 alice MODES :are supported by this server")
    wire.reset()
    let many = (1...25).map { "n\($0)" }
    wire.user(.setMemberMode(.operator, adding: true, targets: many, channel: "#chat"))
    #expect(wire.lines.count == 2)
    #expect(
      wire.lines[0] == "MODE #chat +" + String(repeating: "o", count: 20) + " "
        + many.prefix(20).joined(separator: " "))
  }

  @Test func aMemberModeLineNeverPassesTheLineLength() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test 005 alice MODES=100 :are supported by this server")
    wire.reset()
    let long = (1...40).map { "n\($0)" + String(repeating: "x", count: 25) }
    wire.user(.setMemberMode(.ban, adding: true, targets: long, channel: "#chat"))
    #expect(wire.lines.count > 1)
    for line in wire.lines { #expect(line.utf8.count + 2 <= 512, "\(line)") }
    #expect(wire.lines.flatMap { $0.split(separator: " ").dropFirst(3) }.count == 40)
  }

  @Test func aBanOfANickBansItsMaskAndAMaskStaysAsGiven() {
    var wire = IRCWire.inspircd()
    wire.user(.setMemberMode(.ban, adding: true, targets: ["bob", "*!*@evil"], channel: "#chat"))
    #expect(wire.lines == ["MODE #chat +bb bob!*@* *!*@evil"])
  }

  @Test func aRawLineGoesAsWrittenThenAPingThatBoundsItsReplies() {
    var wire = IRCWire.inspircd()
    wire.user(.rawLine("  VERSION"))
    #expect(wire.lines.count == 2)
    #expect(wire.lines.first == "VERSION")
    #expect(wire.lines.last?.hasPrefix("PING chat-") == true)
  }

  @Test(arguments: [
    "PRIVMSG #chat :a\r\nQUIT :bye", "PRIVMSG #chat :a\nQUIT", "PRIVMSG #chat :a\0QUIT",
  ])
  func aRawLineStaysOneLine(line: String) {
    var wire = IRCWire.inspircd()
    wire.user(.rawLine(line))
    #expect(wire.lines.count == 2)
    let written = wire.lines[0]
    #expect(!written.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D })
    #expect(written.hasPrefix("PRIVMSG #chat :a "))
  }

  @Test func aRawLineIsPacedLikeEveryOther() {
    var wire = IRCWire.inspircd(pacing: .default)
    wire.wait(10_000)  // A full allowance: five at once, then one a second.
    wire.reset()
    for index in 1...8 { wire.user(.rawLine("PRIVMSG #chat :\(index)")) }
    let atOnce = wire.lines.filter { $0.hasPrefix("PRIVMSG") }.count
    #expect(atOnce < 8)
    wire.wait(20_000)
    let privmsgs = wire.lines.filter { $0.hasPrefix("PRIVMSG") }
    #expect(privmsgs == (1...8).map { "PRIVMSG #chat \($0)" })
    #expect(Set(wire.lineTimes).count > 2)
  }

  @Test(arguments: ["", "   ", ": PRIVMSG x", "PRIV-MSG x"])
  func aRawLineThatIsNoMessageIsRefusedWithoutQuotingIt(line: String) {
    var wire = IRCWire.inspircd()
    wire.user(.rawLine(line))
    #expect(wire.lines.isEmpty)
    guard case .intentRefused(let reason)? = wire.events.first else {
      Issue.record("\(wire.events)")
      return
    }
    #expect(reason.hasPrefix("the line was not sent: "))
  }

  @Test func aRawLineLongerThanTheServerTakesIsRefused() {
    var wire = IRCWire.inspircd()
    wire.user(.rawLine("PRIVMSG #chat :" + String(repeating: "x", count: 600)))
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events == [
        .intentRefused(
          reason: "the line was not sent: 616 bytes with its CR LF, more than the server's 512")
      ])
  }

  @Test(arguments: [
    ("PASS hunter2", "PASS <redacted>"), ("OPER admin hunter2", "OPER admin <redacted>"),
    ("AUTHENTICATE aHVudGVyMg==", "AUTHENTICATE <redacted>"),
    ("PRIVMSG NickServ :IDENTIFY hunter2", "PRIVMSG NickServ <redacted>"),
  ])
  func aRawLineWithASecretIsWrittenButMarkedSensitive(line: String, redacted: String) {
    var wire = IRCWire.inspircd()
    var output = IRCOutput()
    output.append(wire.client.perform(.rawLine(line), at: wire.time))
    #expect(output.lines.first == line)
    #expect(output.sensitiveLines == [0])
    #expect(output.redactedLines.first == redacted)
    wire.take(output)
  }

  @Test func aKeyedJoinIsSensitiveAndTheKeyIsSentAgainAfterAReconnect() {
    var wire = IRCWire.inspircd()
    var output = wire.client.perform(.join(channel: "#vault", key: "hunter2"), at: wire.time)
    #expect(output.lines == ["JOIN #vault hunter2"])
    #expect(output.redactedLines == ["JOIN #vault <redacted>"])
    output = wire.client.start(at: wire.time)
    wire.take(output)
    wire.reset()
    wire.server(":irc1.test 001 alice :Welcome")
    #expect(wire.lines.contains("JOIN #vault hunter2"))
    #expect(wire.lines.contains("JOIN #chat"))
    let keyed = wire.lines.firstIndex(of: "JOIN #vault hunter2")!
    #expect(wire.sensitive.contains(keyed))
    // Parting forgets the key with the channel.
    wire.server(":alice!alice@h JOIN #vault")
    wire.user(.part(channel: "#vault", reason: nil))
    wire.take(wire.client.start(at: wire.time))
    wire.reset()
    wire.server(":irc1.test 001 alice :Welcome")
    #expect(!wire.lines.contains { $0.contains("vault") })
  }

  @Test func aKeyThatIsNoWordIsRefusedWithoutShowingIt() {
    var wire = IRCWire.inspircd()
    wire.user(.join(channel: "#vault", key: "hunter 2"))
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events == [
        .intentRefused(
          reason: "not joining #vault: its key holds a space, comma or control character")
      ])
  }

  @Test func aNoticeWithoutEchoMessageIsReportedAsOursAsItIsQueued() {
    var wire = IRCWire.ngircd()
    wire.user(.notice(target: "#chat", text: "heads up\r\n"))
    #expect(wire.lines == ["NOTICE #chat :heads up  "])
    guard case .received(let message)? = wire.events.first, wire.events.count == 1 else {
      Issue.record("\(wire.events)")
      return
    }
    #expect(message.kind == .notice)
    #expect(message.isOwn)
    #expect(message.sender == "alice")
    #expect(message.conversation == "#chat")
    #expect(message.text == "heads up  ")
  }

  @Test func aNoticeWithEchoMessageIsReportedByTheEcho() {
    var wire = IRCWire.inspircd()
    wire.user(.notice(target: "bob", text: "hi"))
    #expect(wire.lines == ["NOTICE bob hi"])
    #expect(wire.events.isEmpty)
    wire.server("@msgid=x :alice!alice@127.0.0.1 NOTICE bob :hi")
    guard case .received(let message)? = wire.events.first else {
      Issue.record("\(wire.events)")
      return
    }
    #expect(message.kind == .notice)
    #expect(message.isOwn)
    #expect(message.conversation == "bob")
  }

  @Test func aLongNoticeIsSplitToFitTheLine() {
    var wire = IRCWire.inspircd()
    wire.user(.notice(target: "#chat", text: String(repeating: "word ", count: 200)))
    #expect(wire.lines.count > 1)
    for line in wire.lines {
      #expect(line.hasPrefix("NOTICE #chat :"))
      #expect(line.utf8.count + 2 <= 512)
    }
  }

  @Test(arguments: [
    IRCIntent.whois(nick: "a b"), .who(mask: ""), .invite(nick: "bob", channel: "chat"),
    .kick(nick: "", channel: "#chat", reason: nil), .listChannels(mask: "a b"),
    .setModes(target: "#chat", modes: ["+k", "a b"]), .notice(target: "#a,#b", text: "x"),
    .setMemberMode(.operator, adding: true, targets: ["a,b"], channel: "#chat"),
  ])
  func anIntentThatWouldBreakTheLineIsRefusedAndNothingIsWritten(intent: IRCIntent) {
    var wire = IRCWire.inspircd()
    wire.user(intent)
    #expect(wire.lines.isEmpty, "\(intent)")
    guard case .intentRefused? = wire.events.first else {
      Issue.record("\(intent): \(wire.events)")
      return
    }
  }

  @Test func commandsBeforeRegistrationWaitForIt() {
    var wire = IRCWire()
    wire.reset()
    wire.user(.whois(nick: "bob"))
    wire.user(.setAway(message: "brb"))
    #expect(wire.lines.isEmpty)
    wire.server(":irc.test 001 alice :Welcome")
    wire.wait(5000)
    #expect(wire.lines.suffix(2) == ["WHOIS bob", "AWAY brb"])
  }

  @Test func tooManyQuestionsWaitingAreRefused() {
    var wire = IRCWire.inspircd()
    for index in 0..<8 { wire.user(.whois(nick: "n\(index)")) }
    wire.reset()
    wire.user(.whois(nick: "n8"))
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events == [
        .intentRefused(reason: "/whois not sent: 8 are still waiting for the server's answer")
      ])
  }
}
