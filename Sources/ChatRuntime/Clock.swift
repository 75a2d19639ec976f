import ChatCore
import Glibc

/// Tells the runtime what time it is. Live clocks read the system; virtual clocks are moved.
public protocol Clock: AnyObject {
  /// The current moment.
  var now: Timestamp { get }
}

/// Real time, read from the system clock.
public final class LiveClock: Clock {
  /// Creates a clock that reads `CLOCK_REALTIME`.
  public init() {}

  public var now: Timestamp {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Timestamp(
      millisecondsSinceEpoch: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
  }
}

/// Time that only moves when told to: straight to the next due event, without waiting.
public final class VirtualClock: Clock {
  public private(set) var now: Timestamp

  /// Creates a clock standing at `start` (by default `Timestamp.virtualEpoch`).
  public init(start: Timestamp = .virtualEpoch) {
    now = start
  }

  /// Moves the clock forward to `time`; it never moves back.
  public func advance(to time: Timestamp) {
    now = max(now, time)
  }
}
