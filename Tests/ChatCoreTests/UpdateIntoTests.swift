import ChatCore
import FoundationEssentials
import Testing

/// `update(_:_:into:)` is what the runtime calls: it must leave the state as `update` does and
/// append exactly the effects `update` returns, after whatever the array held.
@Suite(.timeLimit(.minutes(10))) struct UpdateIntoTests {
  private let script: [Action] = [
    .user(.submitted(text: "held while connecting", id: id(1), time: at(0))),
    .session(.connected(time: at(1))),
    .user(.submitted(text: "hello", id: id(2), time: at(2))),
    .user(.submitted(text: "", id: id(3), time: at(3))),
    .user(.submitted(text: "/nosuch", id: id(4), time: at(4))),
    .user(.submitted(text: "/join #chat", id: id(5), time: at(5))),
    .session(.echoed(own(2, "hello", 102))),
    .session(.echoed(own(2, "hello", 103))),
    .session(.received(peer(6, "hi", 300), inReplyTo: id(2))),
    .system(.timerFired(.deliveryTimeout(id(1)), time: at(1001))),
    .user(.submitted(text: "/retry", id: id(7), time: at(1002))),
    .user(.quitRequested),
    .user(.submitted(text: "too late", id: id(8), time: at(1003))),
    .user(.submitted(text: "/quit", id: id(9), time: at(1004))),
  ]

  @Test func leavesTheSameStateAndAppendsTheSameEffectsAsUpdate() {
    var returning = AppState()
    var appending = AppState()
    for action in script {
      let expected = update(&returning, action)
      var effects: [Effect] = [.quit]
      update(&appending, action, into: &effects)
      #expect(effects == [.quit] + expected, "\(action)")
      #expect(appending == returning, "\(action)")
    }
    #expect(returning.phase == .finished)
  }
}
