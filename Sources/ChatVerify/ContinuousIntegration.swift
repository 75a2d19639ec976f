/// Whether this run is on a CI service, where snapshots must never be recorded: a snapshot
/// written there makes a retried job pass without anyone having looked at it.
public enum ContinuousIntegration {
  /// True when the `CI` environment variable (`value`) is set to anything but empty, `0` or
  /// `false` (any case): CI services set `CI=true`, and `CI=false` is how one says "not CI".
  public static func isDetected(ciValue value: String?) -> Bool {
    guard let value, !value.isEmpty else { return false }
    return !["0", "false"].contains(value.lowercased())
  }
}
