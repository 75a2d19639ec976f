import CTLS

/// What a TLS handshake settled on, for a status line.
public struct TLSSessionInfo: Hashable, Sendable, CustomStringConvertible {
  /// The protocol version, as OpenSSL names it (`TLSv1.3`).
  public var protocolVersion: String
  /// The cipher suite (`TLS_AES_256_GCM_SHA384`).
  public var cipher: String
  /// The SHA-256 fingerprint of the server's certificate, lowercase hex without separators
  /// (the form IRC services use for certificate fingerprints).
  public var peerFingerprint: String
  /// Whether the certificate was verified; false only in insecure mode.
  public var isVerified: Bool

  /// `TLSv1.3 TLS_AES_256_GCM_SHA384`, with ", not verified" in insecure mode.
  public var description: String {
    "\(protocolVersion) \(cipher)" + (isVerified ? "" : ", not verified")
  }

  /// The values of an established session.
  init(_ ssl: OpaquePointer, verified: Bool) {
    protocolVersion = String(cString: SSL_get_version(ssl))
    cipher = SSL_get_current_cipher(ssl).map { String(cString: SSL_CIPHER_get_name($0)) } ?? ""
    peerFingerprint = ""
    isVerified = verified
    guard let certificate = SSL_get1_peer_certificate(ssl) else { return }
    defer { X509_free(certificate) }
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    guard X509_digest(certificate, EVP_sha256(), &digest, &length) == 1 else { return }
    peerFingerprint = digest.prefix(Int(length)).map { byte in
      let hex = String(byte, radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
  }
}
