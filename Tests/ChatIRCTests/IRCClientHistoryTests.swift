import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// Lines a lost link left unconfirmed, reconciled with the channel history on rejoining.
@Suite(.timeLimit(.minutes(10))) struct IRCClientHistoryTests {
  static let lost =
    "the connection was lost before the server confirmed it (the server closed the connection)"
  static let notArrived =
    lost
    + ", and the server's history of #chat after reconnecting does not have it: it did not arrive"
  static let undecided =
    lost + ", and the server's history of #chat after reconnecting does not reach back to it:"
    + " it may or may not have arrived"

  /// A registered client that wrote `texts` to #chat at 2 s (after the join at 1 s), lost the
  /// link, and registered again as `nick` at 3.5 s: its `JOIN` and `PING` are out.
  static func reconnected(
    _ texts: [String], target: String = "#chat", nick: String = "alice",
    pacing: IRCTokenBucket.Settings = .unlimited, sentAfter: Int64 = 1000,
    serverBehind: Int64 = 0
  ) -> IRCWire {
    var wire = IRCWire.inspircd(pacing: pacing)
    wire.serverBehind = serverBehind
    wire.wait(sentAfter)
    for (number, text) in texts.enumerated() {
      wire.user(.send(id: IRCWire.id(number + 1), target: target, text: text))
    }
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    wire.wait(500)
    wire.take(wire.client.start(at: wire.time))
    wire.live(":irc1.test CAP * LS :batch echo-message labeled-response message-tags server-time")
    wire.live(
      ":irc1.test CAP \(nick) ACK :echo-message message-tags server-time labeled-response batch")
    wire.live(":irc1.test 001 \(nick) :Welcome to the Test IRC Network", after: 1000)
    return wire
  }

  /// Each failure as the last digits of its messages' ids and its reason.
  static func failures(_ events: [IRCEvent]) -> [String] {
    events.compactMap {
      if case .deliveryFailed(let failure) = $0 {
        failure.ids.map { String($0.uuidString.suffix(1)) }.joined(separator: ",") + ": "
          + failure.reason
      } else {
        nil
      }
    }
  }

  static func delivered(_ events: [IRCEvent]) -> [IRCDeliveredMessage] {
    events.compactMap { if case .messageDelivered(let message) = $0 { message } else { nil } }
  }

  /// Whether lines of message `id` wait for a history after a lost link.
  static func awaitsHistory(_ wire: IRCWire, _ id: UUID) -> Bool {
    wire.client.delivery.reconciliation.carried.contains { $0.line.id == id }
  }

  static func received(_ events: [IRCEvent]) -> [String] {
    events.compactMap { if case .received(let message) = $0 { message.text } else { nil } }
  }

  @Test func aWrittenChannelLineWaitsForTheHistoryInsteadOfFailingAtOnce() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "lost echo"))
    wire.reset()
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    #expect(wire.events == [.disconnected(reason: "the server closed the connection")])
    #expect(wire.client.unconfirmedLineCount == 1)
    #expect(Self.awaitsHistory(wire, IRCWire.id(1)))
  }

  @Test func theRejoinIsFollowedByAPingThatEndsTheWait() {
    let wire = Self.reconnected(["lost echo"])
    #expect(Array(wire.lines.suffix(2)) == ["JOIN #chat", "PING chat-rejoin-2"])
  }

  @Test func aLineFoundInTheHistoryIsEchoedOnceAndNotShownAgain() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    wire.rejoin(history: [
      ("12:00:00.000", "bob", "before"),
      ("12:00:02.000", "Alice", "lost echo"),  // our nick, in another case
    ])
    let delivered = Self.delivered(wire.events)
    #expect(delivered.count == 1)
    #expect(delivered.first?.id == IRCWire.id(1))
    #expect(delivered.first?.msgid == "h2")
    #expect(delivered.first?.time == IRCWire.at("12:00:02.000"))
    #expect(Self.received(wire.events) == ["before"])
    #expect(Self.failures(wire.events).isEmpty)
    #expect(wire.client.reconciled == .init(found: 1, absent: 0, undecided: 0))
    #expect(wire.client.unconfirmedLineCount == 0)
  }

  @Test func aLineNeverWrittenFailsAtOnceAsNotSent() {
    var wire = IRCWire.inspircd(pacing: .init(burst: 1, intervalMilliseconds: 1000))
    wire.wait(10_000)  // registration's lines, one a second
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "written"))
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "queued"))
    wire.reset()
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    #expect(
      Self.failures(wire.events) == [
        "2: not sent: the connection was lost (the server closed the connection)"
      ])
    #expect(Self.awaitsHistory(wire, IRCWire.id(1)))
  }

  @Test func aPrivateLineHasNoHistoryAndFailsAtOnce() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "bob", text: "psst"))
    wire.reset()
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    #expect(
      Self.failures(wire.events) == [
        "1: " + Self.lost + ": it may or may not have arrived"
      ])
    #expect(!Self.awaitsHistory(wire, IRCWire.id(1)))
  }

  @Test func eachPartOfASplitMessageIsReconciledOnItsOwn() {
    let long = (0..<60).map { "word\($0)" }.joined(separator: " ") + " "
    var wire = Self.reconnected([String(repeating: long, count: 2)])
    let parts =
      wire.events.lazy.compactMap { event -> Int? in
        if case .messageSplit(_, let parts) = event { parts } else { nil }
      }.first ?? 1
    #expect(parts > 1)
    let first = Self.writtenTexts(wire).first ?? ""
    wire.reset()
    wire.rejoin(history: [("12:00:00.000", "bob", "before"), ("12:00:02.000", "alice", first)])
    // The first part is found, the rest did not arrive: the message fails once, whole, for
    // its first part missing; each line was reconciled on its own.
    #expect(Self.delivered(wire.events).isEmpty)
    #expect(Self.failures(wire.events) == ["1: part 2 of \(parts): " + Self.notArrived])
    #expect(wire.client.reconciled == .init(found: 1, absent: parts - 1, undecided: 0))
    #expect(Self.received(wire.events) == ["before"], "the part found was ours, not news")
  }

  @Test func aHistoryLineOfOursChatCannotMatchLeavesDoubt() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    // The server changed our text (a colour stripped, a word censored): not "did not arrive".
    wire.rejoin(history: [
      ("12:00:00.000", "bob", "before"), ("12:00:02.000", "alice", "lost ****"),
    ])
    #expect(
      Self.failures(wire.events) == [
        "1: " + Self.lost + ", and the server's history of #chat after reconnecting holds a"
          + " line from us that chat cannot match: it may or may not have arrived"
      ])
  }

  @Test func leavingForGoodFailsTheCarriedLinesAsTheyWere() {
    var wire = Self.reconnected(["lost echo"])
    #expect(
      Self.failures(wire.client.abandonUnconfirmed().events) == [
        "1: " + Self.lost + ": it may or may not have arrived"
      ])
    #expect(wire.client.unconfirmedLineCount == 0)
  }

  static func writtenTexts(_ wire: IRCWire) -> [String] {
    wire.lines.compactMap { line -> String? in
      guard let range = line.range(of: "PRIVMSG #chat ") else { return nil }
      let text = line[range.upperBound...]
      return String(text.hasPrefix(":") ? text.dropFirst() : text)
    }
  }
}
