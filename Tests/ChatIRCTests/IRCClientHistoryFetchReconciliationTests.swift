import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// On a server that keeps history (`draft/chathistory`), a line a lost link left unconfirmed
/// is judged by chat's own question after reconnecting (`CHATHISTORY LATEST`, read and never
/// shown): delivered when the answer has it, "did not arrive" when the answer reaches back
/// before it without it, and "may or may not" when the answer cannot tell (empty, refused).
/// One question per target at a time: the probe waits behind the core's fetch and the core's
/// fetch behind the probe, so each answer is read as the answer to its own question.
@Suite(.timeLimit(.minutes(10))) struct IRCClientHistoryFetchReconciliationTests {
  static let lost =
    "the connection was lost before the server confirmed it (the server closed the connection)"

  static func notArrived(_ target: String) -> String {
    lost + ", and the server's history of \(target) after reconnecting does not have it: it did"
      + " not arrive"
  }

  static func undecided(_ target: String) -> String {
    lost + ", and the server's history of \(target) after reconnecting does not reach back to"
      + " it: it may or may not have arrived"
  }

  /// A client on Ergo that wrote `texts` to `target` at 12:00:01 on the virtual day, lost the
  /// link, and registered again: its `JOIN` and `PING` are out; the server's clock is half a
  /// second behind (its rejoin `JOIN` says so).
  static func reconnected(_ texts: [String], to target: String = "#h", limit: Int = 1000)
    -> IRCWire
  {
    var wire = IRCClientChatHistoryTests.ergo(limit: limit)
    wire.wait(1000)
    for (number, text) in texts.enumerated() {
      wire.user(.send(id: IRCWire.id(number + 1), target: target, text: text))
    }
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    wire.wait(500)
    wire.take(wire.client.start(at: wire.time))
    wire.server(
      ":ergo.test CAP * LS :batch draft/chathistory draft/event-playback echo-message"
        + " labeled-response message-tags server-time")
    wire.server(
      ":ergo.test CAP alice ACK :echo-message message-tags server-time labeled-response batch"
        + " draft/chathistory draft/event-playback")
    wire.server(":ergo.test 001 alice :Welcome", after: 1000)
    wire.server(
      ":ergo.test 005 alice CASEMAPPING=ascii CHANTYPES=# CHATHISTORY=\(limit) :are supported")
    wire.server("@time=2025-01-01T12:00:02.000Z :alice!a@127.0.0.1 JOIN #h")
    return wire
  }

  /// A `chathistory` batch of `target` holding `lines` (time, nick, text), each with a msgid.
  static func batch(
    _ reference: String, of target: String, _ lines: [(String, String, String)],
    into wire: inout IRCWire
  ) {
    wire.server(":ergo.test BATCH +\(reference) chathistory \(target)")
    for (number, (time, nick, text)) in lines.enumerated() {
      wire.server(
        "@batch=\(reference);msgid=\(reference)-\(number);time=2025-01-01T\(time)Z"
          + " :\(nick)!\(nick)@127.0.0.1 PRIVMSG \(target) :\(text)")
    }
    wire.server(":ergo.test BATCH -\(reference)")
  }

  static func asked(_ wire: IRCWire) -> [String] {
    wire.lines.filter { $0.hasPrefix("CHATHISTORY ") }
  }

  static func pong(_ wire: inout IRCWire) {
    wire.server(":ergo.test PONG ergo.test :chat-rejoin-2")
  }

  @Test func aLineMissingFromAHistoryThatReachesBackBeforeItDidNotArrive() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    Self.pong(&wire)
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty, "it waits for the answer")
    #expect(Self.asked(wire) == ["CHATHISTORY LATEST #h * 100"])
    Self.batch("p", of: "#h", [("11:59:58.000", "bob", "before it")], into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events) == ["1: " + Self.notArrived("#h")])
    #expect(IRCClientHistoryTests.received(wire.events).isEmpty, "the answer is not shown")
    #expect(wire.client.reconciled == .init(found: 0, absent: 1, undecided: 0))
  }

  /// A quiet channel: nobody spoke before our line, but the history plays back our own join
  /// (`draft/event-playback`), which the server took before we wrote.
  @Test func aJoinPlayedBackBeforeTheLineIsEnoughToTell() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    Self.pong(&wire)
    wire.server(":ergo.test BATCH +p chathistory #h")
    wire.server("@batch=p;msgid=j;time=2025-01-01T11:59:58.000Z :alice!a@127.0.0.1 JOIN #h")
    wire.server(":ergo.test BATCH -p")
    #expect(IRCClientHistoryTests.failures(wire.events) == ["1: " + Self.notArrived("#h")])
  }

  @Test func anEmptyAnswerCannotTell() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    Self.pong(&wire)
    Self.batch("p", of: "#h", [], into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events) == ["1: " + Self.undecided("#h")])
  }

  @Test func aLineInTheAnswerIsDeliveredOnceAndTheAnswerIsNotShown() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    Self.pong(&wire)
    Self.batch(
      "p", of: "#h",
      [("11:59:58.000", "bob", "before it"), ("12:00:01.000", "alice", "lost echo")],
      into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty)
    #expect(IRCClientHistoryTests.delivered(wire.events).map(\.id) == [IRCWire.id(1)])
    #expect(IRCClientHistoryTests.received(wire.events).isEmpty)
    #expect(wire.client.reconciled == .init(found: 1, absent: 0, undecided: 0))
  }

  /// The core's catch-up is out when the `PONG` comes: the probe is asked once it is over,
  /// and the catch-up's lines are shown as ever.
  @Test func theProbeWaitsBehindTheCoresFetch() {
    var wire = Self.reconnected(["lost echo"], limit: 2)
    wire.reset()
    wire.user(.fetchHistory(target: "#h", .after(.messageID("m9"))))
    Self.pong(&wire)
    #expect(Self.asked(wire) == ["CHATHISTORY AFTER #h msgid=m9 2"])
    Self.batch(
      "c", of: "#h", [("12:00:00.100", "bob", "one"), ("12:00:00.200", "carol", "two")],
      into: &wire)
    #expect(Self.asked(wire).last == "CHATHISTORY AFTER #h msgid=c-1 2", "a full page: more")
    Self.batch("d", of: "#h", [], into: &wire)
    #expect(Self.asked(wire).last == "CHATHISTORY LATEST #h * 2", "then the probe")
    #expect(IRCClientHistoryTests.received(wire.events) == ["one", "two"])
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty)
    Self.batch(
      "p", of: "#h", [("11:59:58.000", "bob", "older"), ("12:00:00.100", "bob", "one")],
      into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events) == ["1: " + Self.notArrived("#h")])
  }

  /// The probe is out when the core asks: the core's question waits for its answer.
  @Test func theCoresFetchWaitsBehindTheProbe() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    Self.pong(&wire)
    wire.user(.fetchHistory(target: "#h", .latest(count: 50)))
    #expect(Self.asked(wire) == ["CHATHISTORY LATEST #h * 100"])
    Self.batch("p", of: "#h", [("11:59:58.000", "bob", "older")], into: &wire)
    #expect(Self.asked(wire) == ["CHATHISTORY LATEST #h * 100", "CHATHISTORY LATEST #h * 50"])
    Self.batch("c", of: "#h", [("11:59:58.000", "bob", "older")], into: &wire)
    #expect(IRCClientHistoryTests.received(wire.events) == ["older"], "shown once, by the core's")
  }

  @Test func aRefusedQuestionFailsTheLineUndecided() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    Self.pong(&wire)
    wire.user(.fetchHistory(target: "#h", .latest(count: 50)))
    wire.server(
      ":ergo.test FAIL CHATHISTORY INVALID_TARGET LATEST #h :Messages could not be retrieved")
    #expect(
      IRCClientHistoryTests.failures(wire.events) == [
        "1: " + Self.lost + ", and the server refused its history of #h (INVALID_TARGET) after"
          + " reconnecting: it may or may not have arrived"
      ])
    #expect(Self.asked(wire).last == "CHATHISTORY LATEST #h * 50", "the core's question goes on")
  }

  /// A private chat's history is kept too: its lost line is carried and judged the same way.
  @Test func aPrivateLineIsCarriedAndFoundInItsHistory() {
    var wire = Self.reconnected(["psst"], to: "bob")
    wire.reset()
    Self.pong(&wire)
    #expect(Self.asked(wire) == ["CHATHISTORY LATEST bob * 100"])
    Self.batch("r", of: "bob", [("12:00:01.000", "alice", "psst")], into: &wire)
    #expect(IRCClientHistoryTests.delivered(wire.events).map(\.id) == [IRCWire.id(1)])
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty)
  }

  /// PgUp held at the top: a `BEFORE` while a fetch of the conversation is out is not asked
  /// again.
  @Test func olderHistoryIsNotAskedTwiceWhileAFetchIsOut() {
    var wire = IRCClientChatHistoryTests.ergo()
    wire.user(.fetchHistory(target: "#h", .before(.messageID("a"), count: 50)))
    wire.user(.fetchHistory(target: "#h", .before(.messageID("a"), count: 50)))
    #expect(Self.asked(wire) == ["CHATHISTORY BEFORE #h msgid=a 50"])
  }
}
