import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// A hostile server's endless history batch: what chat keeps of it stays the same size.
@Suite(.timeLimit(.minutes(10))) struct IRCClientHistoryBatchSizeTests {
  /// 100,000 lines, from us (unmatched, and echoed before the link went) and from others:
  /// the batch's summaries hold one entry, and the verdict is still right (doubt).
  @Test func aHundredThousandLineHistoryKeepsItsSummariesTheSameSize() {
    var wire = IRCClientHistoryTests.reconnected(["lost echo"])
    wire.reset()
    wire.live(":alice!alice@127.0.0.1 JOIN :#chat")
    wire.live(":irc1.test BATCH +1 chathistory :#chat")
    var largest = 0
    for number in 0..<100_000 {
      let nick = number % 2 == 0 ? "alice" : "bob"
      wire.server(
        "@time=2025-01-01T12:00:03.000Z;msgid=x\(number);batch=1 :\(nick)!u@h PRIVMSG #chat :l\(number)"
      )
      if number % 1000 == 0 {
        largest = max(largest, wire.client.delivery.reconciliation.batches["1"]?.summarySize ?? -1)
      }
    }
    #expect(largest == 0)
    wire.events.removeAll()
    wire.live(":irc1.test BATCH :-1")
    #expect(
      IRCClientHistoryTests.failures(wire.events) == [
        "1: " + IRCClientHistoryTests.lost
          + ", and the server's history of #chat after reconnecting holds a line from us that"
          + " chat cannot match: it may or may not have arrived"
      ])
  }
}
