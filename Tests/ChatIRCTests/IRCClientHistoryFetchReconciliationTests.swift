import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// On a server that keeps history (`draft/chathistory`), a line a lost link left unconfirmed
/// gets an exact verdict: the history fetched after reconnecting reaches back before it (the
/// core's catch-up after a message chat received, or chat's own fetch after a time before the
/// line), so the line is delivered when it is there and did not arrive when it is not.
@Suite(.timeLimit(.minutes(10))) struct IRCClientHistoryFetchReconciliationTests {
  static let lost =
    "the connection was lost before the server confirmed it (the server closed the connection)"

  static func notArrived(_ target: String) -> String {
    lost + ", and the server's history of \(target) after reconnecting does not have it: it did"
      + " not arrive"
  }

  /// A client on Ergo that wrote `texts` to `target`, lost the link, and registered again:
  /// its `JOIN` and `PING` are out, nothing answered yet.
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
    return wire
  }

  /// A `chathistory` batch of `target` holding `lines` (nick, text), each with a msgid.
  static func batch(
    _ reference: String, of target: String, _ lines: [(String, String)], into wire: inout IRCWire
  ) {
    wire.server(":ergo.test BATCH +\(reference) chathistory \(target)")
    for (number, (nick, text)) in lines.enumerated() {
      wire.server(
        "@batch=\(reference);msgid=\(reference)-\(number);time=2025-01-01T12:00:01.000Z"
          + " :\(nick)!\(nick)@127.0.0.1 PRIVMSG \(target) :\(text)")
    }
    wire.server(":ergo.test BATCH -\(reference)")
  }

  /// The `CHATHISTORY` lines the client wrote.
  static func asked(_ wire: IRCWire) -> [String] {
    wire.lines.filter { $0.hasPrefix("CHATHISTORY ") }
  }

  @Test func aLineMissingFromChatsOwnFetchAfterItsWriteDidNotArrive() throws {
    var wire = Self.reconnected(["lost echo"])
    let written = try #require(wire.lineTimes.first)
    wire.reset()
    wire.server(":alice!a@127.0.0.1 JOIN #h")
    wire.server(":ergo.test PONG ergo.test :chat-rejoin-2")
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty, "it waits for the history")
    let words = Self.asked(wire).first?.split(separator: " ").map(String.init) ?? []
    try #require(words.count == 5, "\(wire.lines)")
    #expect(Array(words[0..<3]) == ["CHATHISTORY", "AFTER", "#h"] && words[4] == "1000")
    let anchor = try #require(
      words[3].hasPrefix("timestamp=") ? IRCServerTime.parse(String(words[3].dropFirst(10))) : nil)
    #expect(anchor < written, "the fetch starts before the line was written")
    Self.batch("r", of: "#h", [("bob", "meanwhile")], into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events) == ["1: " + Self.notArrived("#h")])
    #expect(wire.client.reconciled == .init(found: 0, absent: 1, undecided: 0))
  }

  @Test func aLineInChatsOwnFetchIsDeliveredOnce() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    wire.server(":alice!a@127.0.0.1 JOIN #h")
    wire.server(":ergo.test PONG ergo.test :chat-rejoin-2")
    Self.batch("r", of: "#h", [("bob", "meanwhile"), ("alice", "lost echo")], into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty)
    #expect(IRCClientHistoryTests.delivered(wire.events).map(\.id) == [IRCWire.id(1)])
    #expect(IRCClientHistoryTests.received(wire.events) == ["meanwhile"])
    #expect(wire.client.reconciled == .init(found: 1, absent: 0, undecided: 0))
  }

  /// The core's catch-up, after the newest message chat held, is asked before the `PONG`:
  /// chat asks nothing more, reads every page, and judges the line at the last one.
  @Test func theCatchUpInFlightIsReadToItsLastPage() {
    var wire = Self.reconnected(["lost echo"], limit: 2)
    wire.server(":alice!a@127.0.0.1 JOIN #h")
    wire.reset()
    wire.user(.fetchHistory(target: "#h", .after(.messageID("m9"))))
    wire.server(":ergo.test PONG ergo.test :chat-rejoin-2")
    #expect(Self.asked(wire) == ["CHATHISTORY AFTER #h msgid=m9 2"])
    Self.batch("p", of: "#h", [("bob", "one"), ("carol", "two")], into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty, "a full page: more to come")
    #expect(Self.asked(wire).last == "CHATHISTORY AFTER #h msgid=p-1 2")
    Self.batch("q", of: "#h", [("bob", "three")], into: &wire)
    #expect(IRCClientHistoryTests.failures(wire.events) == ["1: " + Self.notArrived("#h")])
  }

  /// A private chat's history is kept too: its lost line is carried and judged the same way.
  @Test func aPrivateLineIsCarriedAndFoundInItsHistory() {
    var wire = Self.reconnected(["psst"], to: "bob")
    wire.reset()
    wire.server(":alice!a@127.0.0.1 JOIN #h")
    wire.server(":ergo.test PONG ergo.test :chat-rejoin-2")
    #expect(Self.asked(wire).first?.hasPrefix("CHATHISTORY AFTER bob timestamp=") == true)
    Self.batch("r", of: "bob", [("alice", "psst")], into: &wire)
    #expect(IRCClientHistoryTests.delivered(wire.events).map(\.id) == [IRCWire.id(1)])
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty)
  }

  /// `LATEST` (nothing was held there) proves the line absent only when it comes back short:
  /// a full page may have left it out.
  @Test(arguments: [(1, true), (2, false)])
  func aLatestProvesAbsenceOnlyWhenShort(lines: Int, proves: Bool) {
    var wire = Self.reconnected(["lost echo"], limit: 2)
    wire.server(":alice!a@127.0.0.1 JOIN #h")
    wire.reset()
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    wire.server(":ergo.test PONG ergo.test :chat-rejoin-2")
    Self.batch(
      "l", of: "#h", Array([("bob", "one"), ("carol", "two")].prefix(lines)), into: &wire)
    let failures = IRCClientHistoryTests.failures(wire.events)
    #expect(failures.count == 1)
    #expect(failures.first?.hasSuffix("it did not arrive") == proves, "\(failures)")
  }
}
