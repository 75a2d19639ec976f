import ChatCore
import ChatIRC
import FoundationEssentials
import Testing

/// How far back a history replayed on rejoining reaches, and so what the absence of a lost
/// line from it says: did not arrive, or may or may not have.
@Suite(.timeLimit(.minutes(10))) struct IRCClientHistoryReachTests {
  static let lost = IRCClientHistoryTests.lost
  static let notArrived = IRCClientHistoryTests.notArrived
  static let undecided = IRCClientHistoryTests.undecided

  static func reconnected(
    _ texts: [String], sentAfter: Int64 = 1000, serverBehind: Int64 = 0
  ) -> IRCWire {
    IRCClientHistoryTests.reconnected(texts, sentAfter: sentAfter, serverBehind: serverBehind)
  }

  static func failures(_ events: [IRCEvent]) -> [String] {
    IRCClientHistoryTests.failures(events)
  }

  static func delivered(_ events: [IRCEvent]) -> [IRCDeliveredMessage] {
    IRCClientHistoryTests.delivered(events)
  }

  static func received(_ events: [IRCEvent]) -> [String] {
    IRCClientHistoryTests.received(events)
  }

  @Test func aLineAbsentFromAHistoryReachingBackBeforeItDidNotArrive() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    // Written at 12:00:02.000; bob's line was taken within 12:00:00, before it.
    wire.rejoin(history: [("12:00:00.999", "bob", "before"), ("12:00:01.000", "bob", "close")])
    #expect(Self.failures(wire.events) == ["1: " + Self.notArrived])
    #expect(wire.client.reconciled == .init(found: 0, absent: 1, undecided: 0))
  }

  /// Written at 12:00:02.000. A line stamped 12:00:01.000 stands for the whole second, one
  /// stamped 12:00:01.999 for its millisecond: either was taken before 12:00:02.000 at the
  /// latest, exactly on the bound, so before the write. The history reaches back to the
  /// line, which did not arrive.
  @Test(arguments: ["12:00:01.000", "12:00:01.999"])
  func aHistoryLineTakenByTheWritesOwnMillisecondReachesBackBeforeIt(_ time: String) {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    wire.rejoin(history: [(time, "bob", "on the bound")])
    #expect(Self.failures(wire.events) == ["1: " + Self.notArrived])
    #expect(wire.client.reconciled == .init(found: 0, absent: 1, undecided: 0))
  }

  /// Our own text, taken on that bound: an older line of ours with the same text, not the
  /// lost one (which the server took, if at all, after it was written).
  @Test(arguments: ["12:00:01.000", "12:00:01.999"])
  func anOwnLineTakenByTheWritesOwnMillisecondIsAnOlderLine(_ time: String) {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    wire.rejoin(history: [(time, "alice", "lost echo")])
    #expect(Self.delivered(wire.events).isEmpty, "\(wire.events)")
    #expect(Self.received(wire.events) == ["lost echo"])
    #expect(Self.failures(wire.events) == ["1: " + Self.notArrived])
  }

  /// Past the bound the same line may be the lost one: it is found.
  @Test(arguments: ["12:00:02.000", "12:00:02.001"])
  func anOwnLineThatMayHaveBeenTakenAfterTheWriteIsTheLostOne(_ time: String) {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    wire.rejoin(history: [(time, "alice", "lost echo")])
    #expect(Self.delivered(wire.events).map(\.id) == [IRCWire.id(1)], "\(wire.events)")
    #expect(Self.failures(wire.events).isEmpty)
  }

  @Test func aLineAbsentFromAHistoryStartingAfterItMayOrMayNotHaveArrived() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    // Written at 12:00:02.000: a line stamped 12:00:02 may have been taken after it, so the
    // history may start after the line.
    wire.rejoin(history: [("12:00:02.000", "bob", "after"), ("12:00:03.000", "bob", "later")])
    #expect(Self.failures(wire.events) == ["1: " + Self.undecided])
    #expect(Self.received(wire.events) == ["after", "later"])
    #expect(wire.client.reconciled == .init(found: 0, absent: 0, undecided: 1))
  }

  @Test func aHistoryTimeOnAWholeSecondStandsForTheWholeSecond() {
    var wire = Self.reconnected(["lost echo"], sentAfter: 1500)
    wire.reset()
    // Written at 12:00:02.500; bob's 12:00:02 may be 12:00:02.999, after it.
    wire.rejoin(history: [("12:00:02.000", "bob", "cut to the second")])
    #expect(Self.failures(wire.events) == ["1: " + Self.undecided])
  }

  @Test func aServerClockBehindOursMakesTheHistoryReachLessFarBack() {
    // The live lines' times say the server's clock may be 2 s behind ours.
    var wire = Self.reconnected(["lost echo"], serverBehind: 2000)
    wire.reset()
    wire.rejoin(history: [("12:00:00.000", "bob", "before, by its clock")])
    #expect(Self.failures(wire.events) == ["1: " + Self.undecided])
  }

  @Test func anEmptyHistoryCannotTell() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    wire.rejoin(history: [])
    #expect(Self.failures(wire.events) == ["1: " + Self.undecided])
  }

  @Test func withoutAHistoryBatchTheLineFailsWhenTheRejoinPingIsAnswered() {
    var wire = Self.reconnected(["lost echo"])
    wire.reset()
    wire.live(":alice!alice@127.0.0.1 JOIN :#chat")
    wire.live(":irc1.test 353 alice = #chat :@bob alice")
    wire.live(":irc1.test 366 alice #chat :End of /NAMES list.")
    #expect(Self.failures(wire.events).isEmpty)
    wire.live(":irc1.test PONG irc1.test :chat-rejoin-2", after: 2)
    #expect(
      Self.failures(wire.events) == [
        "1: " + Self.lost
          + ", and the server sent no history of #chat on rejoining: it may or may not have arrived"
      ])
  }

  @Test func identicalTextsMatchOneEachInTheOrderSent() {
    var wire = Self.reconnected(["same", "same"])
    wire.reset()
    // No line of bob's to reach back: the first "same", found, was written before the second.
    wire.rejoin(history: [("12:00:02.000", "alice", "same")])
    #expect(Self.delivered(wire.events).map(\.id) == [IRCWire.id(1)])
    #expect(Self.received(wire.events).isEmpty)
    #expect(Self.failures(wire.events) == ["2: " + Self.notArrived])
  }

  @Test func anEarlierEchoedLineOfOursIsNotTakenForTheLostOne() {
    var wire = IRCWire.inspircd()
    wire.wait(1000)
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "hi", label: "m1"))
    wire.server(
      "@time=2025-01-01T12:00:02.001Z;msgid=e1;label=m1 :alice!alice@127.0.0.1 PRIVMSG #chat :hi",
      after: 1)
    wire.user(.send(id: IRCWire.id(2), target: "#chat", text: "hi"))
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    wire.wait(500)
    wire.take(wire.client.start(at: wire.time))
    wire.live(":irc1.test CAP * LS :batch echo-message labeled-response message-tags server-time")
    wire.live(
      ":irc1.test CAP alice ACK :echo-message message-tags server-time labeled-response batch")
    wire.live(":irc1.test 001 alice :Welcome to the Test IRC Network", after: 1000)
    wire.reset()
    wire.rejoin(history: [("12:00:02.000", "alice", "hi")], msgids: ["e1"])
    #expect(Self.delivered(wire.events).isEmpty)
    #expect(Self.received(wire.events) == ["hi"])
    #expect(Self.failures(wire.events) == ["2: " + Self.notArrived])
  }
}
