/// Why a connection could not be made or broke, in words a user can act on.
///
/// Every case names the endpoint or the file involved; none carries key material or any
/// password: the texts come from errno, the resolver and OpenSSL's fixed reason strings.
public enum TransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name did not resolve (the resolver's reason).
  case unresolvable(Endpoint, reason: String)
  /// Nothing listens there: the host answered with a reset.
  case refused(Endpoint)
  /// No answer within the caller's deadline, or the kernel's.
  case timedOut(Endpoint)
  /// No route to the host or its network (errno as text).
  case unreachable(Endpoint, reason: String)
  /// Connecting failed for another reason (errno as text).
  case connectFailed(Endpoint, reason: String)
  /// An established connection broke (reset, broken pipe: errno as text).
  case connectionLost(Endpoint, reason: String)
  /// The peer closed the connection before the TLS handshake finished.
  case closedDuringHandshake(Endpoint)
  /// The server's certificate failed verification.
  case certificateRejected(Endpoint, CertificateProblem)
  /// The server speaks no TLS version chat accepts (1.2 or later).
  case protocolTooOld(Endpoint)
  /// The TLS connection's server did not answer TLS: it said nothing to the handshake, or
  /// answered in plaintext (a plaintext IRC port given as `ircs://`).
  case noTLSAnswer(Endpoint, answeredInPlaintext: Bool)
  /// The TLS handshake failed for another reason (OpenSSL's text).
  case handshakeFailed(Endpoint, reason: String)
  /// TLS failed after the handshake (OpenSSL's text).
  case tlsFailed(Endpoint, reason: String)
  /// The CA file could not be used.
  case unusableCAFile(path: String, reason: String)
  /// The client certificate file (certificate and key, PEM) could not be used.
  case unusableCertificateFile(path: String, reason: String)
  /// OpenSSL itself could not be set up.
  case tlsUnavailable(reason: String)

  public var description: String {
    switch self {
    case .unresolvable(let endpoint, let reason):
      "cannot resolve \(endpoint.host) (for \(endpoint)): \(reason)"
    case .refused(let endpoint):
      "connection to \(endpoint) refused"
    case .timedOut(let endpoint):
      "connection to \(endpoint) timed out"
    case .unreachable(let endpoint, let reason):
      "\(endpoint) is unreachable: \(reason)"
    case .connectFailed(let endpoint, let reason):
      "cannot connect to \(endpoint): \(reason)"
    case .connectionLost(let endpoint, let reason):
      "connection to \(endpoint) lost: \(reason)"
    case .closedDuringHandshake(let endpoint):
      "\(endpoint) closed the connection during the TLS handshake"
    case .certificateRejected(let endpoint, let problem):
      "TLS certificate of \(endpoint) refused: \(problem)"
    case .protocolTooOld(let endpoint):
      "TLS handshake with \(endpoint) failed: the server offers no TLS 1.2 or later"
    case .noTLSAnswer(let endpoint, let answeredInPlaintext):
      (answeredInPlaintext
        ? "\(endpoint) answered in plaintext, not TLS"
        : "\(endpoint) did not answer TLS: the connection was made, but no TLS handshake came"
          + " back") + " (a plaintext port? try irc://\(endpoint))"
    case .handshakeFailed(let endpoint, let reason):
      "TLS handshake with \(endpoint) failed: \(reason)"
    case .tlsFailed(let endpoint, let reason):
      "TLS error on the connection to \(endpoint): \(reason)"
    case .unusableCAFile(let path, let reason):
      "cannot use the CA file \(path): \(reason)"
    case .unusableCertificateFile(let path, let reason):
      "cannot use the client certificate file \(path): \(reason)"
    case .tlsUnavailable(let reason):
      "TLS is unavailable: \(reason)"
    }
  }
}

/// Why a server's certificate was not accepted.
public enum CertificateProblem: Hashable, Sendable, CustomStringConvertible {
  /// The chain does not lead to a trusted authority.
  case untrustedIssuer
  /// The certificate signs itself and is not trusted as such.
  case selfSigned
  /// Its validity ended.
  case expired
  /// Its validity has not begun.
  case notYetValid
  /// It names other hosts than the one connected to.
  case wrongName
  /// Any other verification failure, in OpenSSL's words.
  case other(String)
  /// It is not the pinned certificate: its SHA-256 fingerprint is `presented`, not
  /// `expected` (both lowercase hexadecimal; shown as `AB:CD:…`); `presented` is empty when
  /// the server showed none.
  case notPinned(expected: String, presented: String)

  public var description: String {
    switch self {
    case .untrustedIssuer: "untrusted issuer"
    case .selfSigned: "self-signed"
    case .expired: "expired"
    case .notYetValid: "not yet valid"
    case .wrongName: "not valid for this name"
    case .other(let reason): reason
    case .notPinned(let expected, let presented):
      "it is not the pinned certificate (SHA-256 fingerprint expected \(Self.pairs(expected)),"
        + " presented \(presented.isEmpty ? "none" : Self.pairs(presented)))"
    }
  }

  /// `ab12…` as `AB:12:…`, the form `openssl x509 -fingerprint` prints and users compare.
  static func pairs(_ hex: String) -> String {
    var text = ""
    for (index, character) in hex.uppercased().enumerated() {
      if index > 0, index % 2 == 0 { text.append(":") }
      text.append(character)
    }
    return text
  }
}
