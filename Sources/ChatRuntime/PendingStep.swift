import ChatCore

/// The step a piped input looked at and has not handed over yet: kept until the loop takes it,
/// and emptied only when the next step is looked for. The loop still holds a taken step while
/// it dispatches its events, so emptying it at once made a copy of the array (an allocation
/// and a release) for every line.
struct PendingStep {
  /// The step's events; empty when there is none, or once the one taken is left behind.
  private(set) var events: [InputEvent] = []
  private var isTaken = false

  /// The loop took the step.
  mutating func take() { isTaken = true }

  /// Leaves the taken step behind, before the next one is looked for.
  mutating func leaveTaken() {
    guard isTaken else { return }
    isTaken = false
    events.removeAll(keepingCapacity: true)
  }

  /// Adds `event` to the step being looked for.
  mutating func append(_ event: InputEvent) { events.append(event) }
}
