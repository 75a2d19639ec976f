import ChatCore
import ChatRendering
import ChatRuntime

/// The user of one seed: types the plan's messages at their times, `/retry` while failed
/// messages wait (as often as the plan allows, once nothing is in flight), and ends the input
/// once everything is settled and the timed faults are over. At `giveUpAt` it quits at once
/// (the seed then fails for what was left unsettled).
final class ScriptedInput: Input {
  private let lines: [(at: Timestamp, text: String)]
  private var next = 0
  private var retriesLeft: Int
  private let endsNoEarlierThan: Timestamp
  private let giveUpAt: Timestamp
  private var ended = false
  private var lastLook: Timestamp
  /// How many times `/retry` was typed.
  private(set) var retriesTyped = 0
  /// Whether the run was stopped at `giveUpAt`.
  private(set) var gaveUp = false

  init(plan: FaultPlan, start: Timestamp, giveUpAfterMilliseconds: Int64) {
    lines = plan.messages.map { (start.advanced(byMilliseconds: $0.atMilliseconds), $0.text) }
    retriesLeft = plan.retries
    endsNoEarlierThan = start.advanced(byMilliseconds: plan.lastTimedFaultMilliseconds)
    giveUpAt = start.advanced(byMilliseconds: giveUpAfterMilliseconds)
    lastLook = start
  }

  var descriptor: Int32? { nil }
  var isInteractive: Bool { false }

  /// The next line's time; otherwise a look every 50 ms, since settling comes from the
  /// session and the end of the timed faults from the clock.
  var nextDeadline: Timestamp? {
    guard !ended else { return giveUpAt }
    if next < lines.count { return min(lines[next].at, giveUpAt) }
    return min(lastLook.advanced(byMilliseconds: 50), giveUpAt)
  }

  func readAvailable() {}

  func handle(signal: Int32, at now: Timestamp, in state: AppState) throws(SinkError)
    -> InputEvent?
  { nil }

  func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    lastLook = max(lastLook, now)
    step = nil
    if now >= giveUpAt {
      guard state.phase != .finished else { return [] }
      step = .giveUp
      return [.quitRequested, .quitRequested]
    }
    guard !ended else { return [] }
    if next < lines.count {
      guard lines[next].at <= now else { return [] }
      step = .line
      return [.line(lines[next].text)]
    }
    guard state.outbox.isEmpty, state.unsent.isEmpty else { return [] }
    if !state.failed.isEmpty && retriesLeft > 0 {
      step = .retry
      return [.line("/retry")]
    }
    guard now >= endsNoEarlierThan else { return [] }
    step = .end
    return [.ended]
  }

  func takeNextEvents(at now: Timestamp) throws(SinkError) {
    switch step {
    case .line: next += 1
    case .retry:
      retriesLeft -= 1
      retriesTyped += 1
    case .end: ended = true
    case .giveUp:
      gaveUp = true
      ended = true
    case nil: break
    }
    step = nil
  }

  private enum Step { case line, retry, end, giveUp }
  /// The step `nextEvents` last returned, applied when it is taken.
  private var step: Step?
}
