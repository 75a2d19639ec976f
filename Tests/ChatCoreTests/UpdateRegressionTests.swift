import ChatCore
import Testing

/// Changes to `update` that once left the whole suite green: each test here fails on one.
@Suite(.timeLimit(.minutes(10))) struct UpdateRegressionTests {
  private func submit(_ text: String, _ number: UInt8, _ state: inout AppState) -> [Effect] {
    update(&state, .user(.submitted(text: text, id: id(number), time: at(Int64(number)))))
  }

  @Test func theEndOfInputAfterQuittingAtOnceDoesNotReviveTheRun() {
    var state = AppState()
    _ = update(&state, .session(.connected(time: at(0))))
    _ = submit("hello", 1, &state)
    _ = submit("/quit", 2, &state)
    #expect(submit("/quit", 3, &state) == [.quit])
    #expect(state.phase == .finished)
    #expect(update(&state, .system(.endOfInput)) == [])
    #expect(state.phase == .finished, "a finished run stays finished")
  }

  @Test func messagesHeldWhileDisconnectedGoOutInTypedOrder() {
    var state = AppState()
    for number in UInt8(1)...4 { #expect(submit("m\(number)", number, &state) == []) }
    let effects = update(&state, .session(.connected(time: at(10))))
    let sent = effects.compactMap { effect -> String? in
      if case .send(let message) = effect { message.text } else { nil }
    }
    #expect(sent == ["m1", "m2", "m3", "m4"])
    #expect(state.outbox.map(\.text) == ["m1", "m2", "m3", "m4"])
  }

  @Test func textTypedWhileConnectingIsHeldUntilConnected() {
    var state = AppState()
    _ = update(&state, .session(.connecting(time: at(0))))
    #expect(submit("early", 1, &state) == [], "nothing is sent into a connection still opening")
    #expect(state.unsent.map(\.text) == ["early"])
    #expect(state.outbox.isEmpty)
    let effects = update(&state, .session(.connected(time: at(5))))
    #expect(effects.first == .send(own(1, "early", 1)))
  }

  @Test func anEchoThatDoesNotSayItIsLocalIsStillYours() {
    var state = AppState()
    _ = update(&state, .session(.connected(time: at(0))))
    _ = submit("hello", 1, &state)
    // A real transport's echo is a message from the server: nothing in it says "local".
    var echo = own(1, "hello", 100)
    echo.isLocal = false
    _ = update(&state, .session(.echoed(echo)))
    #expect(state.messages.map(\.isLocal) == [true])
  }
}
