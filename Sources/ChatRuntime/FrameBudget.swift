import Glibc

/// How long the loop may dispatch due events before it looks at the input again: on a live
/// clock, one display frame.
///
/// A flood (`--burst`) makes thousands of session events due at the same instant. Dispatched
/// in one go, they would leave the keyboard unread and the screen unchanged until the last
/// one. With a budget the loop stops once a frame's time is spent, lets the input poll
/// without waiting (a typed key is handled and echoed, and renderers flush: the line mode's
/// one redraw for everything since the last), then carries on with what is still due. So a
/// flood is drawn at most once per frame and typing stays live.
///
/// The budget is measured on the monotonic clock, not the session's clock: it bounds real
/// work, whatever time the session believes it is. Reading a clock costs about as much as a
/// cheap message, so it is read only once every `eventsPerCheck` events; the per-event cost
/// is a counter. A virtual-clock run has no budget (no wall-clock reads, identical output).
public struct FrameBudget: Sendable {
  /// The most time spent dispatching between two polls of the input.
  public var nanoseconds: UInt64
  /// How many events are dispatched between two reads of the clock.
  public var eventsPerCheck: Int

  /// One frame of a 60 Hz display, checked every 256 events.
  public static let display = FrameBudget(milliseconds: 16)

  /// Creates a budget of `milliseconds` (0: stop at every check), read every `eventsPerCheck`
  /// events (at least 1).
  public init(milliseconds: Int, eventsPerCheck: Int = 256) {
    nanoseconds = UInt64(max(0, milliseconds)) * 1_000_000
    self.eventsPerCheck = max(1, eventsPerCheck)
  }
}

/// The frame being spent: started when the loop comes back from the input, counted per event.
///
/// Without a budget it never reads the clock and never ends a frame; it still counts, as a
/// countdown that starts at `Int.max`, so the per-event path has no branch on the budget.
struct Frame {
  private let budget: FrameBudget?
  private var start: UInt64 = 0
  private var untilCheck = Int.max

  init(budget: FrameBudget?) {
    self.budget = budget
  }

  /// Starts a new frame now.
  mutating func begin() {
    guard let budget else { return }
    start = Self.monotonicNanoseconds()
    untilCheck = budget.eventsPerCheck
  }

  /// Counts one dispatched event; true when the frame's time is spent (checked only every
  /// `eventsPerCheck` events).
  @inline(__always)
  mutating func spend() -> Bool {
    untilCheck &-= 1
    return untilCheck <= 0 && isSpent()
  }

  private mutating func isSpent() -> Bool {
    guard let budget else {
      untilCheck = .max
      return false
    }
    untilCheck = budget.eventsPerCheck
    return Self.monotonicNanoseconds() &- start >= budget.nanoseconds
  }

  private static func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
