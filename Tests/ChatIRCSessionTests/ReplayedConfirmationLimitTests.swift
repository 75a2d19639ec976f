import ChatCore
import ChatIRC
import ChatIRCSession
import FoundationEssentials
import Testing

/// The confirmation limit, played through `ReplaySession` a millisecond at a time: a written
/// line that the server never confirms fails exactly when the limit has passed since it was
/// written, not a millisecond sooner or later.
@Suite(.timeLimit(.minutes(10))) struct ReplayedConfirmationLimitTests {
  static func failures(_ actions: [Action.Session]) -> [(UUID, Timestamp)] {
    actions.flatMap { action -> [(UUID, Timestamp)] in
      if case .deliveryFailed(let ids, _, let time) = action { ids.map { ($0, time) } } else { [] }
    }
  }

  @Test(arguments: [1000, 3000] as [Int64])
  func anUnconfirmedLineFailsExactlyAtItsWriteTimePlusTheLimit(_ limit: Int64) {
    var script = ReplayScript()
    script.configuration.confirmationTimeoutMilliseconds = limit
    script.connect(at: 0)
    script.type("never confirmed", number: 1, at: 1000)
    #expect(Self.failures(script.run(until: 999 + limit)).isEmpty)
    let failures = Self.failures(script.run(until: 1000 + limit))
    #expect(failures.map(\.0) == [ReplayScript.id(1)])
    #expect(failures.map(\.1) == [ReplayScript.at(1000 + limit)])
  }
}
