extension IRCTokenBucket.Settings {
  /// The bursts `BURST/MS` may name.
  public static let bursts = 1...10_000
  /// The intervals `BURST/MS` may name, in milliseconds.
  public static let intervals: ClosedRange<Int64> = 0...60_000

  /// Reads `BURST/MS` (`5/1000`, the default), as `--pacing` and a recording's `pacing`
  /// setting take it: nil unless both are whole numbers within `bursts` and `intervals`.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let burst = Int(parts[0]), Self.bursts.contains(burst),
      let interval = Int64(parts[1]), Self.intervals.contains(interval)
    else { return nil }
    self.init(burst: burst, intervalMilliseconds: interval)
  }

  /// `BURST/MS`, as `init(parsing:)` reads it.
  public var text: String { "\(burst)/\(intervalMilliseconds)" }
}
