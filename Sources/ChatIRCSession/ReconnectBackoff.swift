import ChatSession

/// How long to wait before each reconnect: exponential backoff with jitter, seeded.
///
/// Attempt `n` (0 for the first retry) waits a uniformly drawn time between half of and the
/// whole of `min(cap, base × 2ⁿ)`: with the defaults 0.5–1 s, 1–2 s, 2–4 s, … up to 30–60 s.
/// The jitter keeps many clients that lost one server from coming back in step; drawing it
/// from the run's seed (never the system's randomness) lets a test predict every delay.
public struct ReconnectBackoff: Sendable {
  /// The first delay's ceiling: 1 s.
  public static let defaultBaseMilliseconds: Int64 = 1000
  /// No delay exceeds this: 60 s.
  public static let defaultCapMilliseconds: Int64 = 60_000

  /// The first delay's ceiling, in milliseconds.
  public let baseMilliseconds: Int64
  /// The longest delay, in milliseconds.
  public let capMilliseconds: Int64
  /// How many delays have been drawn since the last `reset()`.
  public private(set) var attempt = 0
  private var random: SeededUUIDGenerator

  /// A backoff drawing its jitter from `seed`.
  public init(
    seed: UInt64, baseMilliseconds: Int64 = defaultBaseMilliseconds,
    capMilliseconds: Int64 = defaultCapMilliseconds
  ) {
    self.baseMilliseconds = max(1, baseMilliseconds)
    self.capMilliseconds = max(self.baseMilliseconds, capMilliseconds)
    random = SeededUUIDGenerator(seed: seed, stream: 3)
  }

  /// The next delay, in milliseconds; each call counts as one more attempt.
  public mutating func nextDelayMilliseconds() -> Int64 {
    let doublings = min(attempt, 32)
    attempt += 1
    let ceiling = min(capMilliseconds, baseMilliseconds << Int64(doublings))
    let half = ceiling / 2
    return ceiling - half + Int64(random.nextBits() % UInt64(half + 1))
  }

  /// A connection succeeded: the next delay starts from the base again.
  public mutating func reset() { attempt = 0 }
}
