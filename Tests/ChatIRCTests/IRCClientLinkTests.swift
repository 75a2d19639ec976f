import ChatCore
import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCClientLinkTests {
  @Test func answersPingAtOnceEvenBehindQueuedLines() {
    var wire = IRCWire.inspircd(pacing: .init(burst: 1, intervalMilliseconds: 1000))
    wire.wait(10_000)  // registration's lines, one a second
    wire.reset()
    for number in 1...3 {
      wire.user(
        .send(id: IRCWire.id(number), target: "#chat", text: "n\(number)", label: "l\(number)"))
    }
    wire.server("PING :irc1.test")
    wire.wait(1000)
    #expect(wire.lines == ["@label=l1 PRIVMSG #chat n1", "PONG irc1.test"])
  }

  @Test func aFloodOfPingsIsAnsweredOncePerAllowance() {
    var wire = IRCWire.inspircd(pacing: .init(burst: 1, intervalMilliseconds: 1000))
    wire.wait(10_000)  // registration's lines, one a second
    wire.reset()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "spend"))
    wire.reset()
    for number in 1...1000 { wire.server("PING :t\(number)") }
    wire.wait(1000)
    #expect(wire.lines == ["PONG t1000"])
  }

  @Test func aQuietLinkGetsAKeepaliveAndItsAnswerMeasuresTheLag() {
    var wire = IRCWire.inspircd()
    wire.wait(59_999)
    #expect(wire.lines.isEmpty)
    wire.wait(1)
    #expect(wire.lines == ["PING chat-1"])
    wire.server(":irc1.test PONG irc1.test :chat-1", after: 42)
    #expect(wire.events == [.lagMeasured(milliseconds: 42)])
    #expect(wire.client.lagMilliseconds == 42)
  }

  @Test func aKeepaliveWithoutAnswerLosesTheConnectionAndFailsWhatWasUnconfirmed() {
    var wire = IRCWire.inspircd()
    // To a person: no channel history can tell of it later (see IRCClientHistoryTests).
    wire.user(.send(id: IRCWire.id(1), target: "bob", text: "into the void", label: "m1"))
    wire.reset()
    wire.wait(60_000 + 29_999)
    #expect(!wire.closed)
    wire.wait(1)
    #expect(wire.closed)
    #expect(
      wire.events == [
        .deliveryFailed(
          IRCDeliveryFailure(
            ids: [IRCWire.id(1)],
            reason:
              "the connection was lost before the server confirmed it (no answer to PING for 30 s):"
              + " it may or may not have arrived")),
        .disconnected(reason: "no answer to PING for 30 s"),
      ])
    #expect(wire.client.nextDeadline == nil)
  }

  @Test func anErrorEndsTheLinkAndLinesNeverSentSaySo() {
    var wire = IRCWire.inspircd(pacing: .init(burst: 1, intervalMilliseconds: 1000))
    wire.wait(10_000)  // registration's lines, one a second
    wire.reset()
    wire.user(.send(id: IRCWire.id(1), target: "bob", text: "sent", label: "a"))
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "queued", label: "b"))
    wire.reset()
    wire.server("ERROR :Closing link: (alice@127.0.0.1) [RecvQ exceeded]")
    #expect(wire.closed)
    let reasons = wire.events.map { event -> String in
      switch event {
      case .deliveryFailed(let failure): failure.reason
      case .disconnected(let reason): "disconnected: \(reason)"
      default: "\(event)"
      }
    }
    #expect(
      reasons == [
        "the connection was lost before the server confirmed it (Closing link: (alice@127.0.0.1)"
          + " [RecvQ exceeded]): it may or may not have arrived",
        "not sent: the connection was lost (Closing link: (alice@127.0.0.1) [RecvQ exceeded])",
        "disconnected: Closing link: (alice@127.0.0.1) [RecvQ exceeded]",
      ])
    // Nothing more from this connection, and the end of stream adds nothing.
    wire.reset()
    wire.server(":bob!b@h PRIVMSG #chat :late")
    wire.take(wire.client.connectionClosed(reason: "end of stream", at: wire.time))
    #expect(wire.events.isEmpty)
  }

  @Test func aReconnectRegistersAgainAndRejoinsTheChannels() {
    var wire = IRCWire.inspircd(channels: ["#chat"])
    wire.user(.join(channel: "#ops"))
    wire.server(":alice!alice@127.0.0.1 JOIN #ops")
    wire.user(.part(channel: "#chat"))
    wire.take(wire.client.connectionClosed(reason: "end of stream", at: wire.time))
    wire.reset()
    wire.take(wire.client.start(at: wire.time))
    #expect(wire.lines == ["CAP LS 302", "NICK alice", "USER alice 0 * chat"])
    wire.server(":irc1.test CAP * LS :multi-prefix")
    wire.server(":irc1.test 001 alice :Welcome")
    #expect(wire.lines.last == "JOIN #ops")
  }

  @Test func quittingSendsQueuedLinesFirstAndTheServersErrorEndsIt() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "last words", label: "m1"))
    wire.user(.quit(reason: "done"))
    #expect(wire.lines == ["@label=m1 PRIVMSG #chat :last words", "QUIT done"])
    // The client owns leaving: asked when the QUIT was queued, over for good once closed.
    #expect(wire.client.phase == .quitting(since: wire.time))
    wire.user(.join(channel: "#late"))
    #expect(wire.events.last == .joinFailed(channel: "#late", reason: "not connected"))
    wire.user(.part(channel: "#chat"))
    #expect(wire.events.last == .intentRefused(reason: "cannot leave #chat: not connected"))
    wire.user(.setTopic(channel: "#chat", text: "x"))
    #expect(
      wire.events.last == .intentRefused(reason: "cannot set the topic of #chat: not connected"))
    wire.server("@label=m1 :alice!alice@127.0.0.1 PRIVMSG #chat :last words")
    wire.server("ERROR :Closing link: (alice@127.0.0.1) [Quit: done]")
    #expect(
      wire.events.last == .disconnected(reason: "Closing link: (alice@127.0.0.1) [Quit: done]"))
    #expect(!wire.events.contains { if case .deliveryFailed = $0 { true } else { false } })
    #expect(wire.client.phase == .left)
    #expect(wire.client.nextDeadline == nil)
  }

  @Test func quitWithoutAReasonSaysChat() {
    var wire = IRCWire.inspircd()
    wire.user(.quit())
    #expect(wire.lines == ["QUIT chat"])
  }

  @Test func aLinkLostWhileQuittingEndsForGoodAndAHangUpToo() {
    var lost = IRCWire.inspircd()
    lost.user(.quit(reason: "bye"))
    lost.take(lost.client.connectionClosed(reason: "end of stream", at: lost.time))
    #expect(lost.events.last == .disconnected(reason: "end of stream"))
    #expect(lost.client.phase == .left)
    var hungUp = IRCWire.inspircd()
    hungUp.user(.quit(reason: "bye"))
    hungUp.reset()
    hungUp.client.hungUp()
    #expect(hungUp.client.phase == .left && hungUp.events.isEmpty)
    // Without a QUIT, a lost link is an ordinary disconnect: a new connection may follow.
    var plain = IRCWire.inspircd()
    plain.take(plain.client.connectionClosed(reason: "end of stream", at: plain.time))
    #expect(plain.client.phase == .disconnected)
  }

  @Test func oversizedAndMalformedLinesAreDroppedAndCounted() {
    var wire = IRCWire.inspircd()
    var bytes = Array(repeating: UInt8(ascii: "a"), count: 20_000) + [0x0D, 0x0A]
    bytes += Array(":bob!b@h PRIVMSG #chat :\u{FF}\r\n".utf8) + [0xFF, 0x0A]
    bytes += Array(":no-command\r\n:bob!b@h PRIVMSG #chat :fine\r\n".utf8)
    wire.receive(bytes: bytes)
    #expect(wire.client.statistics.oversizedLines == 1)
    #expect(wire.client.statistics.malformedLines == 2)
    // The session tells the user of the dropped line; the malformed ones that follow within
    // the second are counted into the next notice.
    #expect(
      wire.events.first == .lineIgnored(reason: "a line of 20000 bytes is over the limit: dropped"))
    let texts = wire.events.compactMap { if case .received(let m) = $0 { m.text } else { nil } }
    #expect(texts == ["\u{FF}", "fine"])
    #expect(wire.lines.isEmpty)
  }

  @Test func invalidUTF8BecomesReplacementCharacters() {
    var wire = IRCWire.inspircd()
    wire.receive(bytes: Array(":bob!b@h PRIVMSG #chat :a".utf8) + [0xC3, 0x28, 0x0A])
    let texts = wire.events.compactMap { if case .received(let m) = $0 { m.text } else { nil } }
    #expect(texts == ["a\u{FFFD}("])
  }

  @Test func theSameInputsGiveTheSameOutputs() {
    func run() -> IRCWire {
      var wire = IRCWire.ngircd(pacing: .default)
      for number in 1...20 {
        wire.user(.send(id: IRCWire.id(number), target: "#chat", text: "n\(number)"))
      }
      wire.wait(120_000)
      return wire
    }
    let (first, second) = (run(), run())
    #expect(first.lines == second.lines && first.events == second.events)
  }

  @Test func randomServerStreamsCannotMakeItSendAnythingButProtocolReplies() {
    var generator = SeededGenerator(seed: 2026)
    let pieces = [
      "PING :x\r\n", ":s CAP * LS :echo-message batch\r\n", ":s CAP * ACK :batch\r\n",
      ":s 001 alice :hi\r\n", ":s 433 * alice :taken\r\n",
      ":b!b@h PRIVMSG alice :\u{1}VERSION\u{1}\r\n",
      ":b!b@h PRIVMSG #chat :hi alice\r\n", "ERROR :bye\r\n",
      ":s 005 alice CASEMAPPING=ascii :x\r\n",
      ":s BATCH +a chathistory\r\n", "@batch=a :b!b@h JOIN #evil\r\n",
      ":b!b@h INVITE alice #evil\r\n",
      ":s CAP * NEW :labeled-response\r\n", "\u{FF}\n", "@\r\n", ":\r\n",
      ":s CAP * LS :sasl=PLAIN echo-message\r\n", ":s CAP * LS :sasl=EXTERNAL\r\n",
      ":s CAP alice ACK :echo-message sasl\r\n", "AUTHENTICATE +\r\n", "AUTHENTICATE x\r\n",
      ":s 900 alice a!a@h alice :in\r\n", ":s 903 alice :ok\r\n", ":s 904 alice :no\r\n",
      ":s 908 alice PLAIN :mechs\r\n", ":s CAP * NEW :sts=port=6697\r\n",
      ":b!b@h PRIVMSG alice :\u{1}PING 1\u{1}\r\n",
    ]
    for _ in 0..<500 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        bytes += Array(pieces.randomElement(using: &generator)!.utf8)
      }
      let violation = IRCClientProperties.violation(bytes)
      #expect(violation == nil, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
      if violation != nil { return }
    }
  }
}
