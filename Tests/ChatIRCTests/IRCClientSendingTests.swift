import ChatCore
import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCClientSendingTests {
  let id = IRCWire.id(1)

  @Test func aLabeledEchoConfirmsTheMessageWithTheServersIdAndTime() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: id, target: "#chat", text: "hello world", label: "m1"))
    #expect(wire.lines == ["@label=m1 PRIVMSG #chat :hello world"])
    #expect(wire.events.isEmpty)
    wire.reset()
    wire.server(
      "@time=2026-12-01T09:12:31.673Z;msgid=1AA~1796116348~0;label=m1;inspircd.org/echo"
        + " :alice!alice@127.0.0.1 PRIVMSG #chat :hello world", after: 3)
    let delivered = IRCDeliveredMessage(
      id: id, target: "#chat", text: "hello world",
      time: Timestamp(millisecondsSinceEpoch: 1_796_116_351_673), msgid: "1AA~1796116348~0")
    #expect(wire.events == [.messageDelivered(delivered)])
    #expect(wire.client.unconfirmedLineCount == 0)
  }

  @Test(arguments: [
    (
      "#nothere",
      "@time=2026-12-01T09:12:32.000Z;label=m3 :irc1.test 403 alice #nothere :No such channel",
      "403", "No such channel"
    ),
    (
      "#locked",
      "@label=m3 :irc1.test 404 alice #locked :You cannot send external messages to this channel whilst the +n (noextmsg) mode is set.",
      "404",
      "You cannot send external messages to this channel whilst the +n (noextmsg) mode is set."
    ),
    ("nobody", "@label=m3 :irc1.test 401 alice nobody :No such nick", "401", "No such nick"),
    (
      "#chat", "@label=m3 :irc1.test 417 alice :Input line was too long", "417",
      "Input line was too long"
    ),
    (
      "#chat", "@label=m3 :irc1.test FAIL PRIVMSG INVALID_UTF8 :Message rejected",
      "FAIL PRIVMSG INVALID_UTF8", "Message rejected"
    ),
  ])
  func aLabeledErrorFailsTheMessageWithTheServersReason(
    _ target: String, _ reply: String, _ code: String, _ reason: String
  ) {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: id, target: target, text: "x", label: "m3"))
    wire.reset()
    wire.server(reply)
    #expect(
      wire.events == [
        .deliveryFailed(
          IRCDeliveryFailure(ids: [id], reason: "the server refused it (\(code)): \(reason)"))
      ])
  }

  @Test func aLabeledResponseBatchCarriesTheLabelToItsLines() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: id, target: "bob", text: "hi", label: "m2"))
    wire.reset()
    wire.server("@label=m2 :irc1.test BATCH +b1 labeled-response")
    wire.server("@batch=b1 :irc1.test 301 alice bob :gone fishing")
    wire.server("@batch=b1;msgid=1AA~2 :alice!alice@127.0.0.1 PRIVMSG bob :hi")
    wire.server(":irc1.test BATCH -b1")
    #expect(wire.events.count == 2)
    #expect(wire.events.first == .serverReply(code: "301", text: "bob is away: gone fishing"))
    guard case .messageDelivered(let delivered) = wire.events.last else {
      Issue.record("not delivered: \(wire.events)")
      return
    }
    #expect(delivered.id == id && delivered.msgid == "1AA~2")
  }

  @Test func aLabeledAcknowledgementConfirmsWithoutAnEcho() {
    var wire = IRCWire(.init(nick: "alice", pacing: .unlimited))
    wire.server(":irc1.test CAP * LS :labeled-response batch")
    wire.server(":irc1.test CAP alice ACK :labeled-response batch")
    wire.server(":irc1.test 001 alice :Welcome")
    wire.reset()
    wire.user(.send(id: id, target: "#chat", text: "hi", label: "L1"))
    wire.server("@time=2026-12-01T09:12:31.673Z;label=L1 :irc1.test ACK")
    #expect(
      wire.events.last
        == .messageDelivered(
          IRCDeliveredMessage(
            id: id, target: "#chat", text: "hi",
            time: Timestamp(millisecondsSinceEpoch: 1_796_116_351_673))))
  }

  @Test func withoutLabelsTheEchoIsMatchedByTargetAndTextInOrder() {
    var wire = IRCWire(.init(nick: "alice", pacing: .unlimited))
    wire.server(":irc1.test CAP * LS :echo-message")
    wire.server(":irc1.test CAP alice ACK :echo-message")
    wire.server(":irc1.test 001 alice :Welcome")
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "same"))
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "same"))
    wire.reset()
    wire.server(":alice!a@h PRIVMSG #CHAT :same")
    wire.server(":irc1.test 404 alice #chat :Cannot send to channel")
    guard case .messageDelivered(let delivered) = wire.events.first else {
      Issue.record("not delivered: \(wire.events)")
      return
    }
    #expect(delivered.id == IRCWire.id(1))
    #expect(
      wire.events.last
        == .deliveryFailed(
          IRCDeliveryFailure(
            ids: [IRCWire.id(2)], reason: "the server refused it (404): Cannot send to channel")))
  }

  @Test func withoutEchoMessageAPingAfterTheMessageConfirmsIt() {
    var wire = IRCWire.ngircd()
    wire.user(.send(id: id, target: "#chat", text: "hello"))
    #expect(wire.lines == ["PRIVMSG #chat hello", "PING chat-1"])
    wire.reset()
    wire.server(":irc.test PONG irc.test :chat-1", after: 4)
    #expect(
      wire.events == [
        .lagMeasured(milliseconds: 4),
        .messageDelivered(
          IRCDeliveredMessage(id: id, target: "#chat", text: "hello", time: wire.time)),
      ])
    #expect(wire.client.lagMilliseconds == 4)
  }

  @Test func withoutEchoMessageAnErrorBeforeThePongFailsOnlyItsMessage() {
    var wire = IRCWire.ngircd()
    wire.user(.send(id: IRCWire.id(1), target: "nobody", text: "a"))
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "b"))
    #expect(wire.lines == ["PRIVMSG nobody a", "PING chat-1", "PRIVMSG #chat b", "PING chat-2"])
    wire.reset()
    wire.server(":irc.test 401 alice nobody :No such nick or channel name")
    wire.server(":irc.test PONG irc.test :chat-1")
    wire.server(":irc.test PONG irc.test :chat-2")
    let outcomes = wire.events.compactMap { event -> String? in
      switch event {
      case .messageDelivered(let delivered): "delivered \(delivered.id == IRCWire.id(2) ? 2 : 1)"
      case .deliveryFailed(let failure):
        "failed \(failure.ids == [IRCWire.id(1)] ? 1 : 2) \(failure.reason)"
      default: nil
      }
    }
    #expect(
      outcomes == [
        "failed 1 the server refused it (401): No such nick or channel name", "delivered 2",
      ])
  }

  @Test func aRunOfPastedLinesSharesOneConfirmingPingEveryFourLines() {
    var wire = IRCWire.ngircd(pacing: .init(burst: 1, intervalMilliseconds: 1000))
    wire.wait(5000)
    wire.user(.send(id: IRCWire.id(9), target: "#chat", text: "spends the burst"))
    wire.reset()
    for number in 1...6 {
      wire.user(.send(id: IRCWire.id(number), target: "#chat", text: "line \(number)"))
    }
    wire.wait(10_000)
    #expect(
      wire.lines == [
        "PING chat-1", "PRIVMSG #chat :line 1", "PRIVMSG #chat :line 2", "PRIVMSG #chat :line 3",
        "PRIVMSG #chat :line 4", "PING chat-2", "PRIVMSG #chat :line 5", "PRIVMSG #chat :line 6",
        "PING chat-3",
      ])
  }

  @Test func longTextGoesOutInPiecesThatFitTheRelayedLine() {
    var wire = IRCWire.inspircd()
    let text = String(repeating: "wörd ", count: 400)  // 2,400 bytes
    wire.user(.send(id: id, target: "#chat", text: text, label: "m9"))
    // 472 bytes a piece after ":alice!alice@127.0.0.1 PRIVMSG #chat :".
    #expect(wire.events.first == .messageSplit(id: id, parts: 6))
    let relayed = ":alice!alice@127.0.0.1 ".utf8.count
    var pieces: [String] = []
    for line in wire.lines {
      let message = try! IRCMessage(parsing: line)
      let withoutTags = IRCMessage(command: message.command, parameters: message.parameters)
      #expect(relayed + withoutTags.serialized.utf8.count + 2 <= 512)
      pieces.append(message.parameters[1])
    }
    #expect(pieces.joined() == text)
    #expect(wire.lines.first?.hasPrefix("@label=m9 PRIVMSG") == true)
    #expect(wire.lines.last?.hasPrefix("@label=m9.6 PRIVMSG") == true)
  }

  @Test func anActionIsSentAsCTCPAndItsEchoMatched() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: id, target: "#chat", text: "waves", isAction: true, label: "a1"))
    #expect(wire.lines == ["@label=a1 PRIVMSG #chat :\u{1}ACTION waves\u{1}"])
    wire.reset()
    wire.server("@label=a1;msgid=x :alice!alice@127.0.0.1 PRIVMSG #chat :\u{1}ACTION waves\u{1}")
    guard case .messageDelivered(let delivered) = wire.events.first else {
      Issue.record("not delivered: \(wire.events)")
      return
    }
    #expect(delivered.text == "waves" && delivered.isAction)
  }

  /// A line feed starts a line of the message (each its own `PRIVMSG` without
  /// `draft/multiline`), never another command; CR and NUL inside a line become spaces.
  @Test func lineBreaksInTheTextCannotStartAnotherCommand() {
    var wire = IRCWire.inspircd()
    wire.user(
      .send(id: id, target: "#chat", text: "hi\r\nQUIT :owned\0\rJOIN #x", label: "m1"))
    #expect(
      wire.lines == [
        "@label=m1 PRIVMSG #chat hi", "@label=m1.2 PRIVMSG #chat :QUIT :owned  JOIN #x",
      ])
    wire.reset()
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "a\rQUIT\0b", label: "m2"))
    #expect(wire.lines == ["@label=m2 PRIVMSG #chat :a QUIT b"])
  }

  @Test func invalidTargetsAndEmptyTextFailAtOnce() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: id, target: "#a b", text: "x"))
    wire.user(.send(id: id, target: "#chat", text: ""))
    wire.user(.join(channel: "nochannel"))
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events == [
        .deliveryFailed(IRCDeliveryFailure(ids: [id], reason: "'#a b' is not a target")),
        .deliveryFailed(IRCDeliveryFailure(ids: [id], reason: "nothing to send")),
        .joinFailed(channel: "nochannel", reason: "'nochannel' is not a channel name here"),
      ])
  }

  @Test func twoHundredPastedLinesGoOutInOrderAtTheDefaultPace() {
    var wire = IRCWire.inspircd(pacing: .default)
    wire.answersPings = true
    wire.wait(10_000)  // the burst refills after registration
    for number in 1...200 {
      wire.user(
        .send(id: IRCWire.id(number), target: "#chat", text: "line \(number)", label: "p\(number)"))
    }
    #expect(wire.lines.count == 5)
    #expect(wire.client.queuedLineCount == 195)
    // Three keepalive PINGs go in the same allowance (the link is quiet for a minute each).
    wire.wait(197_000)
    #expect(wire.lines.filter { $0.hasPrefix("PING") }.count == 3)
    #expect(wire.lines.count == 202)
    wire.wait(1000)
    let messages = wire.lines.filter { !$0.hasPrefix("PING") }
    #expect(messages == (1...200).map { "@label=p\($0) PRIVMSG #chat :line \($0)" })
    #expect(!wire.closed)
    #expect(wire.client.queuedLineCount == 0)
  }

  @Test func messagesBeforeRegistrationWaitForIt() {
    var wire = IRCWire(.init(nick: "alice", pacing: .unlimited))
    wire.user(.send(id: id, target: "#chat", text: "early"))
    wire.server(":irc.test CAP * LS :multi-prefix")
    wire.reset()
    wire.server(":irc.test 001 alice :Welcome")
    #expect(wire.lines == ["PRIVMSG #chat early", "PING chat-1"])
  }
}
