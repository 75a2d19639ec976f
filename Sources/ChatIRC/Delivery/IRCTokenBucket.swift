import ChatCore

/// Client-side pacing of outgoing lines: a small burst at once, then a steady rate.
///
/// Pure: it is told the time. Credit is kept in milliseconds: it fills at one per
/// millisecond up to `burst × interval`, and each line costs one `interval`.
///
/// The defaults (a burst of 5, then one line per 1,000 ms) are chosen for InspIRCd's default
/// connect class, the strictest server here: its fake lag charges about a second per line
/// and holds lines back once more than about ten seconds are owed (about 9 lines at once,
/// then one a second), and closes links whose held-back lines overflow the receive queue.
/// At one line a second the charge never grows, so lines are never held back there, however
/// many are waiting here; a burst of 5 leaves room for the registration lines and the
/// replies (`PONG`, a confirming `PING`) that share the allowance. 200 pasted lines take
/// about 195 s and arrive whole and in order.
public struct IRCTokenBucket: Hashable, Sendable {
  /// How many lines go out at once, and how fast after that.
  public struct Settings: Hashable, Sendable {
    /// Lines allowed at once after a quiet spell.
    public var burst: Int
    /// Milliseconds between lines once the burst is spent.
    public var intervalMilliseconds: Int64

    /// The documented default: a burst of 5, then one line per second.
    public static let `default` = Settings(burst: 5, intervalMilliseconds: 1000)

    /// No pacing at all (for servers the tests start with flood limits off).
    public static let unlimited = Settings(burst: 1, intervalMilliseconds: 0)

    /// Creates settings; a burst below 1 counts as 1, a negative interval as 0.
    public init(burst: Int, intervalMilliseconds: Int64) {
      self.burst = max(1, burst)
      self.intervalMilliseconds = max(0, intervalMilliseconds)
    }
  }

  /// The pacing this bucket keeps.
  public let settings: Settings
  private var credit: Int64
  private var updated: Timestamp

  /// A full bucket at `time`.
  public init(settings: Settings = .default, at time: Timestamp) {
    self.settings = settings
    credit = settings.intervalMilliseconds * Int64(settings.burst)
    updated = time
  }

  /// Takes the allowance for one line at `time` if there is one.
  public mutating func take(at time: Timestamp) -> Bool {
    refill(at: time)
    guard credit >= settings.intervalMilliseconds else { return false }
    credit -= settings.intervalMilliseconds
    return true
  }

  /// The earliest time at or after `time` when `take` will succeed.
  public func nextAllowance(after time: Timestamp) -> Timestamp {
    var bucket = self
    bucket.refill(at: time)
    let missing = settings.intervalMilliseconds - bucket.credit
    return missing <= 0
      ? max(time, updated) : max(time, bucket.updated).advanced(byMilliseconds: missing)
  }

  private mutating func refill(at time: Timestamp) {
    // A clock that steps back adds nothing rather than taking credit away.
    guard time > updated else { return }
    let capacity = settings.intervalMilliseconds * Int64(settings.burst)
    credit = min(capacity, credit + updated.milliseconds(to: time))
    updated = time
  }
}
