import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Foundation
import Testing

/// Writes down what the loop tells it, in order.
private final class Watcher: LoopObserver {
  var seen: [String] = []

  func loop(takes step: [InputEvent], at now: Timestamp, overtaking waiting: Int)
    throws(SinkError)
  {
    seen.append("takes \(step) at \(Timestamp.virtualEpoch.milliseconds(to: now))")
  }

  func loop(relays report: LinkReport) throws(SinkError) {
    seen.append("link \(report.event) at \(Timestamp.virtualEpoch.milliseconds(to: report.time))")
  }

  func loop(dispatches action: Action) {
    switch action {
    case .session(let event): seen.append("session \(String(describing: event).prefix(9))")
    case .system(let event): seen.append("system \(event)")
    case .user(let event): seen.append("user \(String(describing: event).prefix(9))")
    }
  }
}

/// A session with a pretend link: it dials as it connects, writes each message as it is sent,
/// and reads the message's echo 100 ms later, reporting each while asked to.
private final class PretendLink: Session {
  var reportsLink = false
  private var reports: [LinkReport] = []
  private var events: [(due: Timestamp, event: Action.Session, read: String?)] = []
  /// Whether anything was kept while not reporting.
  private(set) var keptUnasked = false

  private func report(_ event: LinkEvent, at now: Timestamp) {
    if reportsLink { reports.append(LinkReport(event, at: now)) } else { keptUnasked = true }
  }

  func connect(at now: Timestamp) {
    report(.dialing, at: now)
    events.append((now, .connected(time: now), nil))
  }

  func send(_ message: Message, at now: Timestamp) {
    report(.wrote(message.text), at: now)
    var echo = message
    echo.time = now.advanced(byMilliseconds: 100)
    events.append((echo.time, .echoed(echo), "echo " + message.text))
  }

  var nextDeadline: Timestamp? { events.first?.due }

  func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    guard let first = events.first, first.due <= now else { return nil }
    events.removeFirst()
    if let line = first.read { report(.received(line), at: first.due) }
    return first.event
  }

  var watchedDescriptors: [WatchedDescriptor] { [] }
  func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {}
  var isExpectingEvents: Bool { !events.isEmpty }

  func takeLinkReports() -> [LinkReport] {
    defer { reports = [] }
    return reports
  }
}

@Suite(.timeLimit(.minutes(10))) struct LoopObserverTests {
  /// What the session's link did reaches the observer through the loop, in turn with the
  /// steps and actions: each report before the next action or step, after what came before.
  @Test func theLinkIsRelayedInTurnWithStepsAndActions() throws {
    let descriptor = pipeHolding("hi\n")
    defer { close(descriptor) }
    let watcher = Watcher()
    let session = PretendLink()
    let runtime = Runtime(
      state: AppState(), session: session, clock: VirtualClock(),
      ids: SeededUUIDGenerator(seed: 1, stream: 1), renderers: [])
    runtime.observer = watcher
    #expect(try runtime.run(FileInput(descriptor: descriptor)) == .completed)
    #expect(
      watcher.seen == [
        "link dialing at 0",
        "session connected",
        "takes [ChatRuntime.InputEvent.line(\"hi\")] at 0",
        "user submitted",
        "link wrote(\"hi\") at 0",
        "takes [ChatRuntime.InputEvent.ended] at 0",
        "system endOfInput",
        "link received(\"echo hi\") at 100",
        "session echoed(Ch",
        "session expectsNo",
      ])
    #expect(!session.keptUnasked)
  }

  /// Unwatched, the loop asks the session to keep nothing of its link.
  @Test func anUnwatchedLoopAsksForNoReports() throws {
    let descriptor = pipeHolding("hi\n")
    defer { close(descriptor) }
    let session = PretendLink()
    let runtime = Runtime(
      state: AppState(), session: session, clock: VirtualClock(),
      ids: SeededUUIDGenerator(seed: 1, stream: 1), renderers: [])
    #expect(try runtime.run(FileInput(descriptor: descriptor)) == .completed)
    #expect(session.keptUnasked, "the session had a link to report")
    #expect(!session.reportsLink)
  }

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
