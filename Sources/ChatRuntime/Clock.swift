import ChatCore
import Glibc

/// Tells the runtime what time it is. Live clocks read the system; virtual clocks are moved.
public protocol Clock: AnyObject {
  /// The current moment.
  var now: Timestamp { get }
}

/// Real time: the wall-clock time at start, carried forward by the monotonic clock.
///
/// Deadlines are computed from `now`, so it must never jump: were it read from
/// `CLOCK_REALTIME`, an NTP step forward would fail every pending message at once and a step
/// back would stall echoes for as long. Displayed times stay within the drift of the
/// monotonic clock since start.
public final class LiveClock: Clock {
  private let startMilliseconds: Int64
  private let startMonotonic: Int64

  /// Creates a clock reading the wall-clock time now.
  public init() {
    startMilliseconds = Self.read(CLOCK_REALTIME)
    startMonotonic = Self.read(CLOCK_MONOTONIC)
  }

  public var now: Timestamp {
    Timestamp(
      millisecondsSinceEpoch: startMilliseconds + Self.read(CLOCK_MONOTONIC) - startMonotonic)
  }

  private static func read(_ clock: clockid_t) -> Int64 {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }
}

/// Time that only moves when told to: straight to the next due event, without waiting.
public final class VirtualClock: Clock {
  // Unchecked: read several times per message by the one loop that owns it, and `advance`
  // calls nothing while it writes, so no access can overlap another.
  @exclusivity(unchecked) public private(set) var now: Timestamp

  /// Creates a clock standing at `start` (by default `Timestamp.virtualEpoch`).
  public init(start: Timestamp = .virtualEpoch) {
    now = start
  }

  /// Moves the clock forward to `time`; it never moves back.
  public func advance(to time: Timestamp) {
    now = max(now, time)
  }
}
