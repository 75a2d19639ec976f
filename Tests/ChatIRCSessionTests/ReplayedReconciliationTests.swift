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
    actions.compactMap {
      if case .deliveryFailed(let id, _, _) = $0 { id } else { nil }
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
}
