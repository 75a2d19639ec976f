import ChatCore
import ChatIRC
import FoundationEssentials
import Testing

/// Our nick between writing a line and losing the link, and after the reconnect, in the
/// reconciliation with the history replayed on rejoining.
@Suite(.timeLimit(.minutes(10))) struct IRCClientHistoryNickTests {
  /// The server renamed us to bob2 after the write and before the loss: the history names
  /// the line's sender bob2, and it is our line, found.
  @Test func aLineSentBeforeTheServerRenamedUsIsFoundUnderTheNewNick() {
    var wire = IRCWire.inspircd(pacing: .unlimited)
    wire.wait(1000)
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "lost echo"))
    wire.live(":alice!alice@127.0.0.1 NICK :bob2", after: 1)
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    Self.register(&wire, as: "alice")
    wire.reset()
    wire.rejoin(history: [
      ("12:00:00.000", "bob", "before"), ("12:00:02.000", "bob2", "lost echo"),
    ])
    #expect(IRCClientHistoryTests.delivered(wire.events).map(\.id) == [IRCWire.id(1)])
    #expect(IRCClientHistoryTests.received(wire.events) == ["before"])
    #expect(IRCClientHistoryTests.failures(wire.events).isEmpty)
  }

  /// Back as alice_ (alice still taken: the server may hold the old connection, which may
  /// yet send the line): a history that reaches back without the line cannot say it did not
  /// arrive.
  @Test func backUnderAnotherNickALineAbsentFromTheHistoryMayOrMayNotHaveArrived() {
    var wire = IRCClientHistoryTests.reconnected(["lost echo"], nick: "alice_")
    wire.reset()
    wire.live(":alice_!alice@127.0.0.1 JOIN :#chat")
    wire.live(":irc1.test BATCH +1 chathistory :#chat")
    wire.server(
      "@time=2025-01-01T12:00:00.000Z;msgid=h1;batch=1 :bob!bob@127.0.0.1 PRIVMSG #chat :before")
    wire.live(":irc1.test BATCH :-1")
    wire.live(":irc1.test PONG irc1.test :chat-rejoin-2", after: 2)
    #expect(
      IRCClientHistoryTests.failures(wire.events) == [
        "1: " + IRCClientHistoryTests.lost
          + ", and the server's history of #chat after reconnecting does not have it, but chat"
          + " is back as alice_, not alice, so the old connection may still be open on the"
          + " server: it may or may not have arrived"
      ])
    #expect(wire.client.reconciled == .init(found: 0, absent: 0, undecided: 1))
  }

  /// Registration again as `nick` half a second after the loss.
  static func register(_ wire: inout IRCWire, as nick: String) {
    wire.wait(500)
    wire.take(wire.client.start(at: wire.time))
    wire.live(":irc1.test CAP * LS :batch echo-message labeled-response message-tags server-time")
    wire.live(
      ":irc1.test CAP \(nick) ACK :echo-message message-tags server-time labeled-response batch")
    wire.live(":irc1.test 001 \(nick) :Welcome to the Test IRC Network", after: 1000)
  }
}

/// A message the session stopped waiting for, and sent again.
@Suite(.timeLimit(.minutes(10))) struct IRCClientHistoryForgetTests {
  /// Failed at its confirmation limit, its line in flight is not carried when the link goes:
  /// a history later cannot make it delivered.
  @Test func aMessageFailedAtItsLimitIsNotCarried() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "lost echo"))
    wire.take(wire.client.expireUnconfirmed(at: wire.time.advanced(byMilliseconds: 30_000)))
    #expect(IRCClientHistoryTests.failures(wire.events).count == 1)
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    #expect(!IRCClientHistoryTests.awaitsHistory(wire, IRCWire.id(1)))
    #expect(IRCClientHistoryTests.failures(wire.events).count == 1, "failed once")
  }

  /// Sent again (`/retry`) after it failed, the new attempt's line is carried.
  @Test func aMessageSentAgainAfterItFailedIsCarriedAgain() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "lost echo"))
    wire.take(wire.client.expireUnconfirmed(at: wire.time.advanced(byMilliseconds: 30_000)))
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "lost echo"), after: 30_001)
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    #expect(IRCClientHistoryTests.awaitsHistory(wire, IRCWire.id(1)))
  }
}
