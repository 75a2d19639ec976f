/// How a TLS client verifies the server and presents itself.
///
/// The default verifies the chain against the system's trust store (Debian's
/// `ca-certificates`) and the host name, with TLS 1.2 at least. Only `insecure` skips
/// verification, and nothing turns it on by implication.
public struct TLSConfiguration: Hashable, Sendable {
  /// A PEM file of certificate authorities to trust instead of the system's store.
  public var caFile: String?
  /// A PEM file holding the client certificate (and its chain) and its unencrypted key.
  public var certificateFile: String?
  /// Accept any certificate for any name: no verification at all.
  public var insecure: Bool

  /// A configuration; the default verifies against the system's trust store.
  public init(caFile: String? = nil, certificateFile: String? = nil, insecure: Bool = false) {
    self.caFile = caFile
    self.certificateFile = certificateFile
    self.insecure = insecure
  }
}
