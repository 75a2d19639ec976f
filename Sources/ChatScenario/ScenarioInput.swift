import ChatCore
import ChatRendering
import ChatRuntime

/// Plays a scenario's entries as user input on a virtual clock.
///
/// Waiting moves the clock to the earlier of the next entry and the session's deadline. When
/// both fall on the same instant the session goes first: the input reports nothing, the loop
/// handles the due session events, and the entry follows at that same instant. Entries that
/// share an instant arrive together, in file order. After the last entry the input ends
/// (unless an `end` entry already ended it), and from then on waiting only moves the clock.
public final class ScenarioInput: ChatRuntime.Input {
  private let entries: [Scenario.Entry]
  private let clock: VirtualClock
  private let start: Timestamp
  private var next = 0
  private var ended = false

  /// Plays `scenario` on `clock`, counting entry times from the clock's current time.
  public init(_ scenario: Scenario, clock: VirtualClock) {
    entries = scenario.entries
    self.clock = clock
    start = clock.now
  }

  public func wait(
    until deadline: Timestamp?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent] {
    guard next < entries.count else {
      if !ended {
        ended = true
        return [.ended]
      }
      if let deadline { clock.advance(to: deadline) }
      return []
    }
    let due = start.advanced(byMilliseconds: entries[next].milliseconds)
    if let deadline, deadline <= due {
      clock.advance(to: deadline)
      return []
    }
    clock.advance(to: due)
    let instant = entries[next].milliseconds
    var events: [InputEvent] = []
    while next < entries.count, entries[next].milliseconds == instant {
      events.append(event(for: entries[next].event))
      next += 1
    }
    return events
  }

  private func event(for event: Scenario.Event) -> InputEvent {
    switch event {
    case .end:
      ended = true
      return .ended
    case .quit:
      return .quitRequested
    case .typed(let text):
      return .line(text)
    }
  }
}
