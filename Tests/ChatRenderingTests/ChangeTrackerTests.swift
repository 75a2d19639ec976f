import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(2))) struct ChangeTrackerTests {
  private func uuid(_ n: UInt8) -> UUID {
    UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  @Test func conversationEventsAreReportedOnceEachInOrder() {
    var tracker = ChangeTracker()
    var state = AppState()
    _ = tracker.changes(in: state)
    _ = update(&state, .session(.joined(ConversationName("#a"), time: .virtualEpoch)))
    var changes = tracker.changes(in: state)
    #expect(changes.events(in: state).map(\.change) == [.opened(.channel), .activated])
    #expect(!changes.isEmpty)
    #expect(tracker.changes(in: state).isEmpty)
    _ = update(&state, .user(.switched(to: "1", time: .virtualEpoch)))
    changes = tracker.changes(in: state)
    #expect(changes.events(in: state).map(\.conversation) == [ConversationName("Conversation")])
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

  @Test func anOlderPendingSendIsNotReportedAgainWhenANewerOneIsEchoedFirst() {
    var tracker = ChangeTracker()
    var state = AppState()
    _ = update(&state, .session(.connected(time: .virtualEpoch)))
    _ = update(&state, .user(.submitted(text: "older", id: uuid(1), time: .virtualEpoch)))
    #expect(tracker.changes(in: state).sent(in: state).map(\.text) == ["older"])
    // Before the next look, a newer message is sent and echoed; the older one still waits.
    _ = update(&state, .user(.submitted(text: "newer", id: uuid(2), time: .virtualEpoch)))
    _ = update(&state, .session(.echoed(state.outbox[1])))
    let changes = tracker.changes(in: state)
    #expect(changes.sent(in: state).isEmpty, "older was reported already")
    #expect(changes.entered(in: state).map(\.text) == ["newer"])
  }

  @Test func sendsAfterARemovalAreStillReported() {
    var tracker = ChangeTracker()
    var state = AppState()
    _ = update(&state, .session(.connected(time: .virtualEpoch)))
    _ = update(&state, .user(.submitted(text: "a", id: uuid(1), time: .virtualEpoch)))
    _ = update(&state, .user(.submitted(text: "b", id: uuid(2), time: .virtualEpoch)))
    _ = tracker.changes(in: state)
    _ = update(&state, .session(.echoed(state.outbox[0])))
    _ = update(&state, .user(.submitted(text: "c", id: uuid(3), time: .virtualEpoch)))
    _ = update(&state, .user(.submitted(text: "d", id: uuid(4), time: .virtualEpoch)))
    #expect(tracker.changes(in: state).sent(in: state).map(\.text) == ["c", "d"])
  }
}
