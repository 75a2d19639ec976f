import ChatCore
import ChatRendering
import ChatRuntime

/// Plays a scenario's entries as user input, each at its time on the run's virtual clock.
///
/// A timed input: the loop jumps the clock to the next entry (`nextDeadline`) unless a session
/// event or timer is due first or at the same instant, so entries at an instant come after the
/// session's events then. Entries that share an instant are one step, in file order. After
/// the last entry the input ends at once (unless an `end` entry already ended it), or, for a
/// recording, once `waitsBeforeImplicitEnd` stops holding it: a live run whose input never
/// ended (its session gave up first, or piped input waited for a channel) ends the same way
/// in the replay, by what the session reports, not by an end the live run never had.
public final class ScenarioInput: ChatRuntime.Input {
  private let entries: [Scenario.Entry]
  /// Whether each entry begins a step of its own although an entry before it shares its
  /// instant: a recording's link entry (or a `reached`) stood between them, so the
  /// session plays it in between, as live.
  private let beginsStep: [Bool]
  private let start: Timestamp
  private var next = 0
  private var ended = false
  /// Whether the end after the last entry must wait (a recording's replay session has entries
  /// or actions left); never, by default.
  public var waitsBeforeImplicitEnd: () -> Bool = { false }

  /// Plays `scenario`, counting entry times from `start`, the moment the run begins.
  /// A recording's link entries are the replay session's, not the input's: they are skipped.
  public init(_ scenario: Scenario, startingAt start: Timestamp) {
    var entries: [Scenario.Entry] = []
    var beginsStep: [Bool] = []
    var afterLink = false
    for entry in scenario.entries {
      guard entry.event.isTyped else {
        afterLink = true
        continue
      }
      entries.append(entry)
      beginsStep.append(afterLink)
      afterLink = false
    }
    self.entries = entries
    self.beginsStep = beginsStep
    self.start = start
  }

  /// How many of the scenario's typed entries have been typed so far.
  public var typedCount: Int { next }

  public var descriptor: Int32? { nil }

  public var nextDeadline: Timestamp? {
    if next < entries.count { return start.advanced(byMilliseconds: entries[next].milliseconds) }
    guard !ended, !waitsBeforeImplicitEnd() else { return nil }
    return start.advanced(byMilliseconds: entries.last?.milliseconds ?? 0)
  }

  public var isInteractive: Bool { false }

  public func readAvailable() {}

  public func handle(
    signal: Int32, at now: Timestamp, in state: AppState
  ) throws(SinkError) -> InputEvent? {
    .terminated(signal: signal)
  }

  public func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    guard let due = nextDeadline, due <= now else { return [] }
    guard next < entries.count else { return [.ended] }
    return entries[next..<stepEnd].map { event(for: $0.event) }
  }

  public func takeNextEvents(at now: Timestamp) throws(SinkError) {
    guard next < entries.count else {
      ended = true
      return
    }
    let end = stepEnd
    if entries[next..<end].contains(where: { $0.event == .end }) { ended = true }
    next = end
  }

  /// Where the entries at the next entry's instant end.
  private var stepEnd: Int {
    let instant = entries[next].milliseconds
    return entries.indices[(next + 1)...].first {
      entries[$0].milliseconds != instant || beginsStep[$0]
    } ?? entries.count
  }

  private func event(for event: Scenario.Event) -> InputEvent {
    switch event {
    case .end:
      return .ended
    case .quit:
      return .quitRequested
    case .typed(let text):
      return .line(text)
    case .pressed(let key):
      return .pressed(key)
    case .signal(let number):
      return .terminated(signal: number)
    case .link, .reached:
      return .ended  // Never: the replay session's entries are filtered out.
    }
  }
}
