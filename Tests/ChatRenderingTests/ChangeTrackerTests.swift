import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(2))) struct ChangeTrackerTests {
  private func uuid(_ n: UInt8) -> UUID {
    UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  @Test func reportsOnlyWhatIsNewSinceTheLastLook() {
    var tracker = ChangeTracker()
    var state = AppState()
    #expect(tracker.changes(in: state).status == .disconnected)
    #expect(tracker.changes(in: state).isEmpty)

    _ = update(&state, .session(.connected(time: .virtualEpoch)))
    _ = update(&state, .user(.submitted(text: "hi", id: uuid(1), time: .virtualEpoch)))
    var changes = tracker.changes(in: state)
    #expect(changes.status == .connected)
    #expect(changes.sent(in: state).map(\.text) == ["hi"])
    #expect(changes.entered(in: state).isEmpty)

    var echo = state.outbox[0]
    echo.time = .virtualEpoch.advanced(byMilliseconds: 100)
    _ = update(&state, .session(.echoed(echo)))
    changes = tracker.changes(in: state)
    #expect(changes.entered(in: state).map(\.text) == ["hi"])
    #expect(changes.sent(in: state).isEmpty)
    #expect(changes.status == nil)
    #expect(tracker.changes(in: state).isEmpty)
  }

  @Test func aSendEchoedBeforeTheLookIsNotReportedAsSent() {
    var tracker = ChangeTracker()
    var state = AppState()
    _ = update(&state, .session(.connected(time: .virtualEpoch)))
    _ = tracker.changes(in: state)
    _ = update(&state, .user(.submitted(text: "hi", id: uuid(1), time: .virtualEpoch)))
    _ = update(&state, .session(.echoed(state.outbox[0])))
    let changes = tracker.changes(in: state)
    #expect(changes.sent(in: state).isEmpty)
    #expect(changes.entered(in: state).count == 1)
  }
}
