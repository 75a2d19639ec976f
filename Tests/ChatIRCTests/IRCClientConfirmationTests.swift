import ChatCore
import ChatIRC
import FoundationEssentials
import Testing

/// Which of our lines a confirmation belongs to, where two could be mistaken for each other:
/// by text alone, or by a label the caller gave.
@Suite(.timeLimit(.minutes(10))) struct IRCClientConfirmationTests {
  static func echoed(_ wire: IRCWire) -> [UUID] {
    wire.events.compactMap {
      if case .messageDelivered(let delivered) = $0 { delivered.id } else { nil }
    }
  }

  /// A client registered with `echo-message` but no labels: echoes are matched by text.
  static func echoing() -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#chat"], pacing: .unlimited))
    wire.server(":irc1.test CAP * LS :echo-message")
    wire.server(":irc1.test CAP alice ACK :echo-message")
    wire.server(":irc1.test 001 alice :Welcome", after: 1000)
    wire.server(":alice!alice@127.0.0.1 JOIN :#chat")
    wire.reset()
    return wire
  }

  /// `/me waves` and `waves` to the same channel, both in flight: the plain echo (which comes
  /// first here) confirms the plain message, the action's echo the action.
  @Test func anActionAndAPlainMessageWithTheSameTextAreEachConfirmedByTheirOwnEcho() {
    var wire = Self.echoing()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "waves", isAction: true))
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "waves"))
    #expect(wire.lines == ["PRIVMSG #chat :\u{1}ACTION waves\u{1}", "PRIVMSG #chat waves"])
    wire.reset()
    wire.server(":alice!alice@127.0.0.1 PRIVMSG #chat :waves")
    #expect(Self.echoed(wire) == [IRCWire.id(2)], "\(wire.events)")
    #expect(wire.client.unconfirmedLineCount == 1)
    wire.reset()
    wire.server(":alice!alice@127.0.0.1 PRIVMSG #chat :\u{1}ACTION waves\u{1}")
    #expect(Self.echoed(wire) == [IRCWire.id(1)], "\(wire.events)")
    #expect(wire.client.unconfirmedLineCount == 0)
  }

  /// The same the other way round: the action's echo first.
  @Test func anActionsEchoDoesNotConfirmThePlainMessageBeforeIt() {
    var wire = Self.echoing()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "waves"))
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "waves", isAction: true))
    wire.reset()
    wire.server(":alice!alice@127.0.0.1 PRIVMSG #chat :\u{1}ACTION waves\u{1}")
    #expect(Self.echoed(wire) == [IRCWire.id(2)], "\(wire.events)")
    wire.reset()
    wire.server(":alice!alice@127.0.0.1 PRIVMSG #chat :waves")
    #expect(Self.echoed(wire) == [IRCWire.id(1)], "\(wire.events)")
  }

  /// The label a line goes out with, given the caller's.
  static func sentLabel(_ label: String) throws -> String? {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "hi", label: label))
    let line = try #require(wire.lines.first { $0.contains("PRIVMSG") })
    return try IRCMessage(parsing: line).tags["label"]
  }

  /// A caller's label of up to 64 bytes is sent as it is; a longer one (65 bytes or more) is
  /// replaced by one from the counter, so the tags stay small.
  @Test func aCallersLabelLongerThanSixtyFourBytesFallsBackToACounterLabel() throws {
    let longest = String(repeating: "l", count: 64)
    #expect(try Self.sentLabel(longest) == longest)
    for length in [65, 66, 200] {
      let label = try Self.sentLabel(String(repeating: "l", count: length))
      #expect(label?.hasPrefix("chat-") == true, "\(length) bytes: \(String(describing: label))")
    }
    #expect(try Self.sentLabel("")?.hasPrefix("chat-") == true)
  }
}
