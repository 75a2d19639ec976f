/// Where the session connected, and how: what the `sts` policy needs to know.
public struct IRCEndpoint: Hashable, Sendable {
  /// How the bytes travel.
  public enum Security: Hashable, Sendable {
    /// In the clear: an `sts` upgrade policy is obeyed.
    case plaintext
    /// TLS with the certificate verified: an `sts` persistence policy is reported.
    case tls
    /// TLS without verification (`--tls-insecure`): neither policy applies, since the
    /// spec trusts a policy only from a verified connection, and this one is already TLS.
    case unverifiedTLS
  }

  /// The host name as dialled (the policy is kept for this name).
  public var host: String
  /// The port connected to.
  public var port: Int
  /// Plaintext, verified TLS or unverified TLS.
  public var security: Security

  /// Creates an endpoint.
  public init(host: String, port: Int, security: Security) {
    self.host = host
    self.port = port
    self.security = security
  }
}
