import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Foundation
import Testing

/// Writes down what the loop tells it, in order.
private final class Watcher: LoopObserver {
  var seen: [String] = []

  func loop(takes step: [InputEvent], at now: Timestamp) throws(SinkError) {
    seen.append("takes \(step) at \(Timestamp.virtualEpoch.milliseconds(to: now))")
  }

  func loop(dispatches action: Action) {
    switch action {
    case .session(let event): seen.append("session \(String(describing: event).prefix(9))")
    case .system(let event): seen.append("system \(event)")
    case .user(let event): seen.append("user \(String(describing: event).prefix(9))")
    }
  }
}

@Suite(.timeLimit(.minutes(10))) struct LoopObserverTests {
  /// One ordered stream: each step taken from the input is told before the actions it
  /// becomes, and the session's actions in between, as the core gets them.
  @Test func theObserverSeesEveryStepAndActionInTurn() throws {
    let descriptor = pipeHolding("hi\n")
    defer { close(descriptor) }
    let watcher = Watcher()
    let runtime = Runtime(
      state: AppState(), session: SimulatedSession(ids: SeededUUIDGenerator(seed: 1)),
      clock: VirtualClock(), ids: SeededUUIDGenerator(seed: 1, stream: 1), renderers: [])
    runtime.observer = watcher
    #expect(try runtime.run(FileInput(descriptor: descriptor)) == .completed)
    #expect(
      watcher.seen == [
        "session connected",
        "takes [ChatRuntime.InputEvent.line(\"hi\")] at 0",
        "user submitted",
        "takes [ChatRuntime.InputEvent.ended] at 0",
        "system endOfInput",
        "session echoed(Ch",
        "session received(",
        "session expectsNo",
      ])
  }
}
