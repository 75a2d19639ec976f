/// A server's demand to be reached only over TLS, on `port`, for `durationSeconds` from when
/// it was learned (IRC's STS): remembered across runs, so a later run never dials the host in
/// plaintext first. Plain data, so the core can ask for it to be kept (`.rememberPolicy`).
public struct TransportPolicy: Hashable, Sendable {
  /// The host the policy is for.
  public var host: String
  /// The TLS port to use from now on.
  public var port: Int
  /// How long the policy holds, from when it was learned.
  public var durationSeconds: Int

  /// Creates a policy.
  public init(host: String, port: Int, durationSeconds: Int) {
    self.host = host
    self.port = port
    self.durationSeconds = durationSeconds
  }
}
