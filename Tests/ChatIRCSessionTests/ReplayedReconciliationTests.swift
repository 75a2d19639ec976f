import ChatCore
import ChatIRC
import ChatIRCSession
import FoundationEssentials
import Testing

/// Our lines in the history replayed on rejoining a `+H` channel, as the engine hands them to
/// the core: one already shown keeps its id, one the session stopped waiting for is shown.
@Suite(.timeLimit(.minutes(10))) struct ReplayedReconciliationTests {
  static func received(_ actions: [Action.Session]) -> [(UUID, String)] {
    actions.compactMap {
      if case .received(let message, _) = $0 { (message.id, message.text) } else { nil }
    }
  }

  static func failed(_ actions: [Action.Session]) -> [UUID] {
    actions.flatMap { action -> [UUID] in
      if case .deliveryFailed(let ids, _, _) = action { ids } else { [] }
    }
  }

  static func echoed(_ actions: [Action.Session]) -> [UUID] {
    actions.compactMap { if case .echoed(let message) = $0 { message.id } else { nil } }
  }

  /// "first line" was echoed with msgid m1; the history on rejoining holds it again: it has
  /// our message's id, so the core drops it as the message it already shows.
  @Test func anEchoedLineOfOursInTheHistoryKeepsOurMessagesID() {
    var script = ReplayScript()
    script.connect(at: 0)
    script.type("first line", number: 1, at: 1000)
    script.server(
      [
        "@time=\(ReplayScript.stamp(1001));msgid=m1;label=chat-1 :bot!bot@127.0.0.1 PRIVMSG #chat :first line"
      ],
      at: 1001)
    script.link(.closed(reason: "the server closed the connection"), at: 2000)
    script.connect(at: 2500)
    script.history(
      [(500, "alice", "before", "m0"), (1001, "bot", "first line", "m1")], at: 2510)
    let actions = script.run(until: 3000)
    #expect(Self.echoed(actions) == [ReplayScript.id(1)])
    let received = Self.received(actions)
    #expect(received.map(\.1) == ["before", "first line"], "\(actions)")
    #expect(received.last?.0 == ReplayScript.id(1))
    #expect(received.first?.0 != ReplayScript.id(1))
  }

  /// The line failed at the confirmation limit, then the link went: its history line is
  /// shown as history (it did arrive), not hidden as the answer to a message no longer pending.
  @Test func aLineFailedByTheConfirmationLimitIsShownWhenItsHistoryComes() {
    var script = ReplayScript()
    script.configuration.confirmationTimeoutMilliseconds = 3000
    script.connect(at: 0)
    script.type("late", number: 1, at: 1000)
    script.link(.closed(reason: "the server closed the connection"), at: 5000)
    script.connect(at: 5500)
    script.history([(500, "alice", "before", "m0"), (1001, "bot", "late", "m1")], at: 5510)
    let actions = script.run(until: 6000)
    #expect(Self.failed(actions) == [ReplayScript.id(1)])
    #expect(Self.received(actions).map(\.1) == ["before", "late"], "\(actions)")
  }

  /// Part 1 of 2 was written, part 2 was not when the link went: the message failed at once,
  /// so the history line of part 1 is shown, telling that half of it arrived.
  @Test func thePartOfAFailedSplitMessageInTheHistoryIsShown() {
    var script = ReplayScript()
    script.configuration.client.pacing = .init(burst: 7, intervalMilliseconds: 10_000)
    script.connect(at: 0)
    let words = (1...120).map { "w\($0)" }.joined(separator: " ")
    script.type(words, number: 1, at: 1000)
    script.link(.closed(reason: "the server closed the connection"), at: 2000)
    script.connect(at: 2500)
    // Every way the text can begin: one of them is the part written.
    let beginnings = (1...120).flatMap { count -> [String] in
      let words = (1...count).map { "w\($0)" }.joined(separator: " ")
      return [words, words + " "]
    }
    script.history(
      [(500, "alice", "before", "m0")]
        + beginnings.enumerated().map { (1001, "bot", $1, "p\($0)") }, at: 2510)
    let actions = script.run(until: 3000)
    #expect(actions.contains(.noticed(.messageSplit(parts: 2), time: ReplayScript.at(1000))))
    #expect(Self.failed(actions) == [ReplayScript.id(1)])
    #expect(Self.received(actions).map(\.1) == ["before"] + beginnings, "\(actions)")
  }

  /// Part 1 was confirmed (msgid m1) before the link went, part 2 was not; the history holds
  /// both. Part 2 is found, the message delivered once: part 1's history copy is not shown.
  @Test func aConfirmedPartInTheHistoryIsNotShownBesideItsDeliveredMessage() {
    var script = Self.splitAndLost()
    let words = Self.words.split(separator: " ").map(String.init)
    // Every way part 2 can begin: one of them is the part written.
    let endings = words.indices.dropFirst().map { words[$0...].joined(separator: " ") }
    script.history(
      [(500, "alice", "before", "m0"), (1001, "bot", "part one", "m1")]
        + endings.enumerated().map { (1002, "bot", $1, "e\($0)") }, at: 2510)
    let actions = script.run(until: 3000)
    #expect(Self.echoed(actions) == [ReplayScript.id(1)])
    #expect(Self.failed(actions).isEmpty)
    #expect(!Self.received(actions).contains { $0.1 == "part one" }, "\(actions)")
    #expect(!Self.received(actions).contains { $0.0 == ReplayScript.id(1) })
  }

  /// The same, but part 2 did not arrive: the message fails, and part 1's history copy is
  /// shown as the history it is (under its own id), telling that half of it arrived.
  @Test func aConfirmedPartOfAFailedMessageIsShownFromTheHistory() {
    var script = Self.splitAndLost()
    script.history([(500, "alice", "before", "m0"), (1001, "bot", "part one", "m1")], at: 2510)
    let actions = script.run(until: 3000)
    #expect(Self.echoed(actions).isEmpty)
    #expect(Self.failed(actions) == [ReplayScript.id(1)])
    let received = Self.received(actions)
    #expect(received.map(\.1) == ["before", "part one"], "\(actions)")
    #expect(received.last?.0 != ReplayScript.id(1))
  }

  static let words = (1...120).map { "w\($0)" }.joined(separator: " ")

  /// A message in two parts, both written; part 1 confirmed with msgid m1; the link lost at 2 s
  /// and registered again at 2.5 s.
  static func splitAndLost() -> ReplayScript {
    var script = ReplayScript()
    script.connect(at: 0)
    script.type(words, number: 1, at: 1000)
    script.server(
      [
        "@time=\(ReplayScript.stamp(1001));msgid=m1;label=chat-1 :bot!bot@127.0.0.1 PRIVMSG #chat :part one"
      ],
      at: 1001)
    script.link(.closed(reason: "the server closed the connection"), at: 2000)
    script.connect(at: 2500)
    return script
  }
}
