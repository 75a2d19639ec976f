import ChatCore
import Testing

@testable import ChatIRC

/// Multiline messages (`draft/multiline`) on the wire: asked for where offered; a message of
/// several lines sent as one labeled batch (or several within the limits, or a message a line
/// without the capability), confirmed by its echoed batch and failed by `FAIL BATCH`; a batch
/// received is one message, its lines joined, within caps said once.
@Suite(.timeLimit(.minutes(10))) struct IRCClientMultilineTests {
  let id = IRCWire.id(1)

  /// A client registered on an Ergo offering multiline with `limits`.
  static func ergo(
    limits: String = "max-bytes=4096,max-lines=100", labels: Bool = true
  ) -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#h"], pacing: .unlimited))
    wire.server(
      ":ergo.test CAP * LS :batch draft/multiline=\(limits) echo-message labeled-response"
        + " message-tags server-time")
    wire.server(
      ":ergo.test CAP alice ACK :echo-message message-tags server-time"
        + (labels ? " labeled-response" : "") + " batch draft/multiline")
    wire.server(":ergo.test 001 alice :Welcome")
    wire.server(":ergo.test 005 alice CASEMAPPING=ascii CHANTYPES=# :are supported by this server")
    wire.server(":alice!~a@127.0.0.1 JOIN #h")
    wire.reset()
    return wire
  }

  static func received(_ wire: IRCWire) -> [IRCIncomingMessage] {
    wire.events.compactMap { if case .received(let message) = $0 { message } else { nil } }
  }

  static func delivered(_ wire: IRCWire) -> [IRCDeliveredMessage] {
    wire.events.compactMap {
      if case .messageDelivered(let message) = $0 { message } else { nil }
    }
  }

  @Test func theCapabilityIsAskedForWhereOfferedAndItsLimitsRead() {
    var wire = IRCWire(.init(nick: "alice", channels: []))
    wire.server(":ergo.test CAP * LS :batch draft/multiline=max-bytes=4096,max-lines=100")
    #expect(wire.lines.contains("CAP REQ :batch draft/multiline"), "\(wire.lines)")
    wire.server(":ergo.test CAP alice ACK :batch draft/multiline")
    #expect(wire.client.multilineLimits == IRCMultilineLimits(maxBytes: 4096, maxLines: 100))
    // Without batch, or without max-bytes, nothing goes out as a batch.
    #expect(Self.ergo(limits: "max-lines=5").client.multilineLimits == nil)
  }

  /// The label goes on the opening `BATCH` (where the server puts it on its echo); the lines
  /// carry only `batch` and, for a piece of a long line, the concat tag.
  @Test func aMessageOfSeveralLinesGoesOutAsOneLabeledBatch() {
    var wire = Self.ergo()
    wire.user(.send(id: id, target: "#h", text: "hello\n\nhow is everyone?", label: "m1"))
    #expect(
      wire.lines == [
        "@label=m1 BATCH +chat-1 draft/multiline #h",
        "@batch=chat-1 PRIVMSG #h hello",
        "@batch=chat-1 PRIVMSG #h :",
        "@batch=chat-1 PRIVMSG #h :how is everyone?",
        "BATCH -chat-1",
      ])
    #expect(wire.events.isEmpty, "no notice: one batch")
    #expect(wire.client.unconfirmedLineCount == 1)
    wire.reset()
    // Ergo's echo: the label and the message's tags on the opening, the lines inside.
    wire.server(
      "@label=m1;msgid=ml1;time=2026-12-01T09:00:00.000Z :alice!~a@127.0.0.1 BATCH +e1"
        + " draft/multiline #h")
    wire.server("@batch=e1 :alice!~a@127.0.0.1 PRIVMSG #h hello")
    wire.server("@batch=e1 :alice!~a@127.0.0.1 PRIVMSG #h :")
    #expect(wire.events.isEmpty, "nothing until the batch ends")
    wire.server("@batch=e1 :alice!~a@127.0.0.1 PRIVMSG #h :how is everyone?")
    wire.server(":alice!~a@127.0.0.1 BATCH -e1")
    #expect(
      wire.events == [
        .messageDelivered(
          IRCDeliveredMessage(
            id: id, target: "#h", text: "hello\n\nhow is everyone?",
            time: IRCServerTime.parse("2026-12-01T09:00:00.000Z")!, msgid: "ml1"))
      ])
    #expect(wire.client.unconfirmedLineCount == 0)
  }

  @Test func aLongLineInsideIsSentInConcatenatedPieces() {
    var wire = Self.ergo()
    let long = String(repeating: "word ", count: 150)  // 750 bytes
    wire.user(.send(id: id, target: "#h", text: "first\n" + long, label: "m1"))
    let lines = wire.lines.dropFirst().dropLast()
    #expect(lines.count == 3, "\(wire.lines)")
    #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("@batch=chat-1;draft/multiline-concat ") })
    #expect(!lines.dropFirst().first!.contains("concat"))
    #expect(wire.lines.allSatisfy { $0.utf8.count <= 512 + 100 })
  }

  /// Without labels the echo is matched by its target and whole text.
  @Test func anUnlabeledEchoedBatchConfirmsByItsText() {
    var wire = Self.ergo(labels: false)
    wire.user(.send(id: id, target: "#h", text: "a\nb"))
    #expect(wire.lines.first == "BATCH +chat-1 draft/multiline #h")
    wire.reset()
    wire.server("@msgid=x :alice!~a@h BATCH +e draft/multiline #h")
    wire.server("@batch=e :alice!~a@h PRIVMSG #h a")
    wire.server("@batch=e :alice!~a@h PRIVMSG #h b")
    wire.server(":alice!~a@h BATCH -e")
    #expect(Self.delivered(wire).map(\.id) == [id])
    #expect(Self.received(wire).isEmpty)
  }

  /// A block longer than the server takes goes out as several batches, said once, and is
  /// delivered when every batch is.
  @Test func aBlockBeyondTheLimitsIsSeveralBatchesSaidOnce() {
    var wire = Self.ergo(limits: "max-bytes=4096,max-lines=2")
    wire.user(.send(id: id, target: "#h", text: "1\n2\n3\n4\n5", label: "m"))
    let openings = wire.lines.filter { $0.contains("BATCH +") }
    #expect(
      openings == [
        "@label=m BATCH +chat-1 draft/multiline #h", "@label=m.2 BATCH +chat-2 draft/multiline #h",
        "@label=m.3 BATCH +chat-3 draft/multiline #h",
      ])
    #expect(
      wire.events == [
        .multilineSplit(
          id: id, messages: 3, limits: IRCMultilineLimits(maxBytes: 4096, maxLines: 2))
      ])
    wire.reset()
    for (label, text) in [("m", "1\n2"), ("m.2", "3\n4")] {
      let lines = text.split(separator: "\n")
      wire.server("@label=\(label);msgid=\(label) :alice!~a@h BATCH +\(label) draft/multiline #h")
      for line in lines { wire.server("@batch=\(label) :alice!~a@h PRIVMSG #h \(line)") }
      wire.server(":alice!~a@h BATCH -\(label)")
    }
    #expect(Self.delivered(wire).isEmpty)
    // A batch of one line comes back as a plain line.
    wire.server("@label=m.3;msgid=m3 :alice!~a@h PRIVMSG #h 5")
    #expect(Self.delivered(wire).map(\.parts) == [3])
    #expect(Self.delivered(wire).map(\.msgid) == ["m"])
  }

  /// Without the capability each line is a message of its own on the wire (blank ones left
  /// out), as typed lines are; the whole is one message, delivered when every line is.
  @Test func withoutTheCapabilityEachLineGoesOutOnItsOwn() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: id, target: "#chat", text: "one\n\ntwo\r\nthree\n", label: "m"))
    #expect(
      wire.lines == [
        "@label=m PRIVMSG #chat one", "@label=m.2 PRIVMSG #chat two",
        "@label=m.3 PRIVMSG #chat three",
      ])
    #expect(wire.events.isEmpty)
    wire.reset()
    for (label, text) in [("m", "one"), ("m.2", "two"), ("m.3", "three")] {
      wire.server("@label=\(label);msgid=\(label) :alice!alice@h PRIVMSG #chat \(text)")
    }
    #expect(Self.delivered(wire).map(\.text) == ["one\n\ntwo\r\nthree\n"])
  }

  @Test func aMessageOfBlankLinesIsNothingToSend() {
    var wire = Self.ergo()
    wire.user(.send(id: id, target: "#h", text: "\n  \n\n"))
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events == [.deliveryFailed(IRCDeliveryFailure(ids: [id], reason: "nothing to send"))])
  }

  /// `FAIL BATCH` (unlabeled: the server took the label off the batch) fails the batch in
  /// flight, with the server's words.
  @Test func aRefusedBatchFailsTheMessage() {
    var wire = Self.ergo()
    wire.user(.send(id: id, target: "#h", text: "a\nb", label: "m1"))
    wire.reset()
    wire.server(
      ":ergo.test FAIL BATCH MULTILINE_MAX_BYTES 4096 :Multiline batch max-bytes exceeded")
    #expect(
      wire.events == [
        .deliveryFailed(
          IRCDeliveryFailure(
            ids: [id],
            reason:
              "the server refused it (FAIL BATCH MULTILINE_MAX_BYTES): Multiline batch max-bytes"
              + " exceeded"))
      ])
    #expect(wire.client.unconfirmedLineCount == 0)
  }

  /// A batch received is one message: lines joined by line feeds, a concat line joined with
  /// nothing between; its msgid, time and account those of the opening.
  @Test func aReceivedBatchIsOneMessage() {
    var wire = Self.ergo()
    wire.server(
      "@msgid=b1;time=2026-12-01T09:00:00.000Z;account=bobby :bob!~b@h BATCH +1"
        + " draft/multiline #h")
    wire.server("@batch=1 :bob!~b@h PRIVMSG #h hello")
    wire.server("@batch=1 :bob!~b@h PRIVMSG #h :how is ")
    wire.server("@batch=1;draft/multiline-concat :bob!~b@h PRIVMSG #h :everyone, alice?")
    #expect(wire.events.isEmpty)
    wire.server(":bob!~b@h BATCH -1")
    let received = Self.received(wire)
    #expect(received.map(\.text) == ["hello\nhow is everyone, alice?"])
    #expect(received.first?.msgid == "b1")
    #expect(received.first?.account == "bobby")
    #expect(received.first?.sender == "bob")
    #expect(received.first?.mentionsUs == true)
    #expect(received.first?.serverTime == IRCServerTime.parse("2026-12-01T09:00:00.000Z"))
  }

  /// Two batches open at once, their lines interleaved: each its own message.
  @Test func interleavedBatchesAreEachTheirOwnMessage() {
    var wire = Self.ergo()
    wire.server("@msgid=x :bob!~b@h BATCH +x draft/multiline #h")
    wire.server("@msgid=y :carol!~c@h BATCH +y draft/multiline alice")
    wire.server("@batch=x :bob!~b@h PRIVMSG #h b1")
    wire.server("@batch=y :carol!~c@h PRIVMSG alice c1")
    wire.server("@batch=x :bob!~b@h PRIVMSG #h b2")
    wire.server("@batch=y :carol!~c@h PRIVMSG alice c2")
    wire.server(":carol!~c@h BATCH -y")
    wire.server(":bob!~b@h BATCH -x")
    #expect(Self.received(wire).map(\.text) == ["c1\nc2", "b1\nb2"])
    #expect(Self.received(wire).map(\.conversation) == ["carol", "#h"])
  }

  /// What is not a line of the message is dropped: another target, another command, a
  /// multiline batch inside another; nothing of it shows on its own.
  @Test func linesThatAreNotTheMessagesAreDropped() {
    var wire = Self.ergo()
    wire.server("@msgid=x :bob!~b@h BATCH +x draft/multiline #h")
    wire.server("@batch=x :bob!~b@h PRIVMSG #h kept")
    wire.server("@batch=x :bob!~b@h PRIVMSG #other elsewhere")
    wire.server("@batch=x :bob!~b@h NOTICE #h notice")
    wire.server("@batch=x :bob!~b@h JOIN #h")
    wire.server("@batch=x :bob!~b@h BATCH +inner draft/multiline #h")
    wire.server("@batch=inner :bob!~b@h PRIVMSG #h inner")
    wire.server("@batch=x :bob!~b@h BATCH -inner")
    wire.server(":bob!~b@h BATCH -x")
    #expect(Self.received(wire).map(\.text) == ["kept"])
    #expect(wire.client.statistics.multilineLinesDropped == 4)
    // An empty batch, or one of blank lines, shows nothing.
    wire.server(":bob!~b@h BATCH +e draft/multiline #h")
    wire.server(":bob!~b@h BATCH -e")
    wire.server(":bob!~b@h BATCH +f draft/multiline #h")
    wire.server("@batch=f :bob!~b@h PRIVMSG #h :")
    wire.server(":bob!~b@h BATCH -f")
    #expect(Self.received(wire).count == 1)
  }

  /// A batch of 200,000 lines keeps at most the caps, said once, and shows what it kept
  /// when it ends; one that never ends keeps no more, and the next message shows.
  @Test func aHugeBatchIsCappedAndSaidOnce() {
    var wire = Self.ergo()
    wire.server("@msgid=big :bob!~b@h BATCH +big draft/multiline #h")
    for number in 0..<200_000 {
      wire.take(
        wire.client.receive(line: "@batch=big :bob!~b@h PRIVMSG #h :line \(number)", at: wire.time))
    }
    #expect(
      wire.events == [
        .multilineOverflowed(
          target: "#h", lines: IRCMultilineMessages.lineCap, bytes: IRCMultilineMessages.byteCap)
      ])
    #expect(
      wire.client.statistics.multilineLinesDropped == 200_000 - IRCMultilineMessages.lineCap)
    wire.reset()
    wire.server(":bob!~b@h BATCH -big")
    let text = Self.received(wire).first?.text ?? ""
    #expect(text.split(separator: "\n").count == IRCMultilineMessages.lineCap)
    #expect(text.hasSuffix("line \(IRCMultilineMessages.lineCap - 1)"))
    // Never ended: bounded by the bytes cap, and a live line still shows.
    wire.reset()
    wire.server(":bob!~b@h BATCH +open draft/multiline #h")
    let long = String(repeating: "x", count: 400)
    for _ in 0..<500 {
      _ = wire.client.receive(line: "@batch=open :bob!~b@h PRIVMSG #h :\(long)", at: wire.time)
    }
    wire.server(":carol!~c@h PRIVMSG #h :still here")
    #expect(Self.received(wire).map(\.text) == ["still here"])
    #expect(wire.client.multiline.count == 1)
  }

  /// A multiline message in a history batch is one message of the history: counted once
  /// against what was asked, its lines not counted; beyond what was asked it is dropped whole.
  @Test func aMultilineMessageInAHistoryIsOneMessageOfIt() {
    var wire = IRCClientChatHistoryTests.ergo(limit: 2)
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    wire.reset()
    wire.server(":ergo.test BATCH +1 chathistory #h")
    wire.server("@batch=1;msgid=m1 :bob!~b@h BATCH +2 draft/multiline #h")
    for number in 1...10 { wire.server("@batch=2 :bob!~b@h PRIVMSG #h :\(number)") }
    wire.server("@batch=1 :ergo.test BATCH -2")
    wire.server("@batch=1;msgid=m2 :carol!~c@h PRIVMSG #h :single")
    wire.server("@batch=1;msgid=m3 :bob!~b@h BATCH +3 draft/multiline #h")
    wire.server("@batch=3 :bob!~b@h PRIVMSG #h :beyond")
    wire.server("@batch=3 :bob!~b@h PRIVMSG #h :asked")
    wire.server("@batch=1 :ergo.test BATCH -3")
    wire.server(":ergo.test BATCH -1")
    let received = Self.received(wire)
    #expect(received.map(\.text) == [(1...10).map(String.init).joined(separator: "\n"), "single"])
    #expect(received.allSatisfy { $0.isHistory })
    #expect(received.first?.msgid == "m1")
    #expect(wire.events.filter { $0 == .historyOverflowed(target: "#h", asked: 2) }.count == 1)
  }

  /// Our own message sent from another connection of our account comes as a message from our
  /// nick that is no echo of ours: ours, in the conversation of its target, never a mention.
  @Test func ourMessageFromAnotherConnectionIsOursInItsTarget() {
    var wire = Self.ergo()
    wire.server("@msgid=o1 :alice!~a@other PRIVMSG bob :hi bob, alice here")
    wire.server("@msgid=o2 :alice!~a@other BATCH +o draft/multiline #h")
    wire.server("@batch=o :alice!~a@other PRIVMSG #h one")
    wire.server("@batch=o :alice!~a@other PRIVMSG #h two")
    wire.server(":alice!~a@other BATCH -o")
    let received = Self.received(wire)
    #expect(received.map(\.conversation) == ["bob", "#h"])
    #expect(received.allSatisfy { $0.isOwn && !$0.mentionsUs })
    #expect(received.map(\.text) == ["hi bob, alice here", "one\ntwo"])
    #expect(Self.delivered(wire).isEmpty)
  }
}
