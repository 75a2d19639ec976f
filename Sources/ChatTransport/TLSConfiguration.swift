/// How a TLS client verifies the server and presents itself.
///
/// The default verifies the chain against the system's trust store (Debian's
/// `ca-certificates`) and the host name, with TLS 1.2 at least. A pinned fingerprint
/// replaces that check with another: the certificate must be that one, whatever its issuer,
/// names or dates. Only `insecure` skips verification, and nothing turns it on by
/// implication.
public struct TLSConfiguration: Hashable, Sendable {
  /// A PEM file of certificate authorities to trust instead of the system's store.
  public var caFile: String?
  /// A PEM file holding the client certificate (and its chain) and its unencrypted key.
  public var certificateFile: String?
  /// Accept any certificate for any name: no verification at all.
  public var insecure: Bool
  /// Accept exactly the server certificate whose SHA-256 is this (64 lowercase hexadecimal
  /// digits, no separators, as `TLSSessionInfo.peerFingerprint` writes it), and no other.
  public var pinnedFingerprint: String?

  /// A configuration; the default verifies against the system's trust store.
  public init(
    caFile: String? = nil, certificateFile: String? = nil, insecure: Bool = false,
    pinnedFingerprint: String? = nil
  ) {
    self.caFile = caFile
    self.certificateFile = certificateFile
    self.insecure = insecure
    self.pinnedFingerprint = pinnedFingerprint
  }

  /// Whether OpenSSL checks the chain and the name itself: not when insecure, nor when a
  /// pinned fingerprint decides after the handshake.
  var verifiesChain: Bool { !insecure && pinnedFingerprint == nil }
}
