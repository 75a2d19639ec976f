import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// What the client reports of our messages: whole messages, once each, and one failure for
/// the messages one step fails for one reason.
@Suite(.timeLimit(.minutes(10))) struct IRCClientOutcomesTests {
  static func failures(_ events: [IRCEvent]) -> [IRCDeliveryFailure] {
    events.compactMap { if case .deliveryFailed(let failure) = $0 { failure } else { nil } }
  }

  /// Nine pasted lines, one written, eight waiting for the pacing, and the server goes: two
  /// failures (one for the written line, one for the eight never sent), not nine.
  @Test func aLostLinkFailsTheLinesNeverSentTogether() {
    var wire = IRCWire.inspircd(pacing: .init(burst: 1, intervalMilliseconds: 1000))
    wire.wait(10_000)  // registration's lines, one a second
    for number in 1...9 {
      wire.user(.send(id: IRCWire.id(number), target: "bob", text: "line \(number)"))
    }
    wire.reset()
    wire.server("ERROR :Closing link: (alice@127.0.0.1) [Server shutting down]")
    let reason = "Closing link: (alice@127.0.0.1) [Server shutting down]"
    #expect(
      Self.failures(wire.events) == [
        IRCDeliveryFailure(
          ids: [IRCWire.id(1)], reason: IRCDeliveryFailure.lostLinkUndecided(reason)),
        IRCDeliveryFailure(
          ids: (2...9).map(IRCWire.id), reason: "not sent: the connection was lost (\(reason))"),
      ])
    #expect(wire.events.last == .disconnected(reason: reason))
  }

  @Test func messagesOverdueTogetherFailTogetherExactlyAtTheirLimit() {
    var wire = IRCWire(
      .init(nick: "alice", pacing: .unlimited, confirmationTimeoutMilliseconds: 3000))
    wire.server(":irc1.test CAP * LS :echo-message labeled-response batch")
    wire.server(":irc1.test CAP alice ACK :echo-message labeled-response batch")
    wire.server(":irc1.test 001 alice :Welcome", after: 1000)
    wire.reset()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "a"))
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "b"))
    wire.user(.send(id: IRCWire.id(3), target: "#chat", text: "c"), after: 1)
    let written = wire.time.advanced(byMilliseconds: -1)
    #expect(wire.client.confirmationDeadline == written.advanced(byMilliseconds: 3000))
    #expect(
      wire.client.expireUnconfirmed(at: written.advanced(byMilliseconds: 2999)).events.isEmpty)
    let due = wire.client.expireUnconfirmed(at: written.advanced(byMilliseconds: 3000))
    let reason =
      "the server did not confirm it within 3 s: it may or may not have arrived"
    #expect(
      due.events == [
        .deliveryFailed(IRCDeliveryFailure(ids: [IRCWire.id(1), IRCWire.id(2)], reason: reason))
      ])
    #expect(wire.client.confirmationDeadline == written.advanced(byMilliseconds: 3001))
  }

  /// A long message refused at its second line: it fails once, saying which part; what its
  /// other lines meet later is not reported.
  @Test func aSplitMessageRefusedPartWayFailsOnceWhole() {
    var wire = IRCWire.inspircd()
    let text = String(repeating: "wörd ", count: 200)
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: text, label: "s"))
    let parts = wire.lines.count
    #expect(parts > 2)
    wire.reset()
    wire.server("@label=s :alice!alice@127.0.0.1 PRIVMSG #chat :x")
    wire.server("@label=s.2 :irc1.test 404 alice #chat :Cannot send to channel")
    wire.server("@label=s.3 :alice!alice@127.0.0.1 PRIVMSG #chat :y")
    #expect(
      wire.events == [
        .deliveryFailed(
          IRCDeliveryFailure(
            ids: [IRCWire.id(1)],
            reason: "part 2 of \(parts): the server refused it (404): Cannot send to channel"))
      ])
    #expect(!wire.client.delivery.messages.isPending(IRCWire.id(1)))
  }

  /// A line of one of our messages, in a history while the message waits for its other
  /// lines, is not reported until the message ends; failed, it is reported after the failure.
  @Test func aHistoryCopyIsHeldWithItsMessageAndReportedWithItsFailure() {
    var wire = IRCWire.inspircd()
    let text = String(repeating: "wörd ", count: 200)
    // To a person: no channel history is awaited, so the lost link fails it at once.
    wire.user(.send(id: IRCWire.id(1), target: "bob", text: text, label: "s"))
    let first = Self.firstPiece(wire)
    wire.reset()
    wire.server("@label=s;msgid=p1 :alice!alice@127.0.0.1 PRIVMSG bob :\(first)")
    wire.server("@msgid=p1 :alice!alice@127.0.0.1 PRIVMSG bob :\(first)")
    #expect(wire.events.isEmpty, "held: \(wire.events)")
    wire.server("ERROR :gone")
    guard let failure = Self.failures(wire.events).first else {
      Issue.record("no failure: \(wire.events)")
      return
    }
    #expect(failure.ids == [IRCWire.id(1)])
    #expect(failure.history.map(\.msgid) == ["p1"])
    #expect(failure.history.first?.ownMessageID == nil, "no longer one of ours shown")
  }

  static func firstPiece(_ wire: IRCWire) -> String {
    let line = wire.lines.first ?? ""
    return (try? IRCMessage(parsing: line))?.parameters.last ?? ""
  }
}
