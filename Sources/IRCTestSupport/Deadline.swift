/// A moment on the monotonic clock by which something must have happened.
///
/// Every wait in this library takes one, so no loop can run unbounded in time.
public struct Deadline: Sendable {
  /// When the time is up.
  public let instant: ContinuousClock.Instant

  /// The deadline `seconds` from now.
  public init(seconds: Double) {
    instant = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
  }

  /// Whether the time is up.
  public var hasPassed: Bool { ContinuousClock.now >= instant }

  /// Milliseconds left, clamped to `0...cap`, in the form `poll(2)` takes.
  public func pollMilliseconds(cap: Int32 = 1000) -> Int32 {
    let left = instant - ContinuousClock.now
    let milliseconds =
      left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
    return Int32(clamping: max(0, min(Int64(cap), milliseconds + 1)))
  }
}

extension Duration {
  /// The duration in seconds, for reports and figures.
  public var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
