import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// `cap-notify`: capabilities the server adds (`CAP NEW`) or removes (`CAP DEL`) after
/// registration are asked for or dropped as at registration.
@Suite(.timeLimit(.minutes(10))) struct IRCClientCapNotifyTests {
  /// Registered on a server offering nothing chat confirms by (no labels, no echoes).
  static func bare() -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#chat"], pacing: .unlimited))
    wire.server(":irc1.test CAP * LS :cap-notify")
    wire.server(":irc1.test CAP alice ACK :cap-notify")
    wire.server(":irc1.test 001 alice :Welcome", after: 1000)
    wire.server(":alice!alice@127.0.0.1 JOIN :#chat")
    wire.reset()
    return wire
  }

  @Test func cap302AsksForCapNotifyWhenOffered() {
    var wire = IRCWire()
    wire.reset()
    wire.server(":irc.test CAP * LS :cap-notify znc.in/self-message")
    #expect(wire.lines == ["CAP REQ cap-notify"])
  }

  @Test func aNewCapabilityChatWantsIsAskedForAndOthersAreNot() {
    var wire = Self.bare()
    wire.server(":irc1.test CAP alice NEW :draft/unknown echo-message sts-ish sasl=PLAIN")
    #expect(wire.lines == ["CAP REQ echo-message"])
    wire.reset()
    wire.server(":irc1.test CAP alice ACK :echo-message")
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events == [
        .capabilities(["cap-notify", "echo-message"]),
        .capabilitiesChanged(on: ["echo-message"], off: []),
      ])
    // Offered again: already on, nothing more to ask for.
    wire.reset()
    wire.server(":irc1.test CAP alice NEW :echo-message")
    #expect(wire.lines.isEmpty)
  }

  /// Without echoes a line is confirmed by a `PING` after it; once `echo-message` comes by
  /// `CAP NEW`, the next message is confirmed by its echo, which carries the msgid.
  @Test func gainingEchoMessageSwitchesConfirmationForNewMessages() {
    var wire = Self.bare()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "before"))
    #expect(wire.lines.count == 2 && wire.lines[1].hasPrefix("PING "), "\(wire.lines)")
    wire.server(":irc1.test PONG irc1.test :" + wire.lines[1].dropFirst(5))
    #expect(IRCClientConfirmationTests.echoed(wire) == [IRCWire.id(1)])
    wire.server(":irc1.test CAP alice NEW :echo-message")
    wire.server(":irc1.test CAP alice ACK :echo-message")
    wire.reset()
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "after"))
    #expect(wire.lines == ["PRIVMSG #chat after"])
    wire.server("@msgid=m2 :alice!alice@127.0.0.1 PRIVMSG #chat :after")
    let delivered = wire.events.compactMap {
      if case .messageDelivered(let delivered) = $0 { delivered } else { nil }
    }
    #expect(delivered.map(\.id) == [IRCWire.id(2)] && delivered.first?.msgid == "m2")
  }

  /// And losing it by `CAP DEL` brings back the `PING`.
  @Test func losingEchoMessageConfirmsNewMessagesByPing() {
    var wire = IRCClientConfirmationTests.echoing()
    wire.server(":irc1.test CAP alice DEL :echo-message")
    #expect(
      wire.events == [.capabilities([]), .capabilitiesChanged(on: [], off: ["echo-message"])])
    #expect(wire.lines.isEmpty)
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "hi"))
    #expect(wire.lines.count == 2 && wire.lines[1].hasPrefix("PING "), "\(wire.lines)")
  }

  /// Logged in, then the server withdraws `sasl` (its services left): nothing is sent, the
  /// login stands, nothing is reported but the capabilities.
  @Test func losingSaslChangesNothing() {
    var wire = IRCWire(
      .init(
        nick: "alice", channels: [], pacing: .unlimited,
        sasl: IRCSASL(.plain(user: "alice", password: IRCSecret("pw")))))
    wire.server(":irc1.test CAP * LS :cap-notify sasl=PLAIN")
    #expect(wire.lines.last == "CAP REQ :cap-notify sasl")
    wire.server(":irc1.test CAP alice ACK :cap-notify sasl")
    wire.server("AUTHENTICATE +")
    wire.server(":irc1.test 900 alice alice!alice@h alice :You are now logged in as alice")
    wire.server(":irc1.test 903 alice :SASL authentication successful")
    wire.server(":irc1.test 001 alice :Welcome", after: 1000)
    wire.reset()
    wire.server(":irc1.test CAP alice DEL :sasl")
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events == [.capabilities(["cap-notify"]), .capabilitiesChanged(on: [], off: ["sasl"])])
    #expect(wire.client.account == "alice" && wire.client.phase == .registered)
    // Offered again: chat does not log in a second time.
    wire.reset()
    wire.server(":irc1.test CAP alice NEW :sasl=PLAIN")
    #expect(wire.lines.isEmpty && wire.events.isEmpty)
  }

  /// A thousand capabilities in one `CAP NEW`, then a thousand more: what is kept stays
  /// under the limit, and only what chat wants is asked for.
  @Test func aCapNewOfAThousandCapabilitiesStaysBounded() {
    var wire = Self.bare()
    for round in 0..<2 {
      let names = (0..<1000).map { "x\(round)-\($0)=\(String(repeating: "v", count: 4))" }
      wire.server(
        ":irc1.test CAP alice NEW :" + names.joined(separator: " ") + " echo-message")
    }
    #expect(wire.client.registration.offered.count <= IRCRegistration.capabilityLimit)
    #expect(wire.lines.allSatisfy { !$0.contains("x0-") }, "\(wire.lines)")
    // An ACK of names never asked for is bounded too.
    let acknowledged = (0..<1000).map { "y\($0)" }.joined(separator: " ")
    wire.server(":irc1.test CAP alice ACK :" + acknowledged)
    #expect(wire.client.capabilities.count <= IRCRegistration.capabilityLimit)
  }
}
