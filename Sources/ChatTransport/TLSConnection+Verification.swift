import CTLS
import Glibc

extension TLSConnection {
  /// Names the host to expect: SNI and a DNS-name check, or an IP address check.
  func expectPeer(named host: String) throws(TransportError) {
    if Self.isIPAddress(host) {
      // SNI carries names only (RFC 6066); an address is checked against the IP entries.
      guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) == 1 else {
        throw .tlsUnavailable(reason: "cannot check the address \(host)")
      }
      return
    }
    guard chat_SSL_set_tlsext_host_name(ssl, host) == 1 else {
      throw .tlsUnavailable(reason: openSSLReason(default: "cannot send the name \(host)"))
    }
    SSL_set_hostflags(ssl, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
    guard SSL_set1_host(ssl, host) == 1 else {
      throw .tlsUnavailable(reason: openSSLReason(default: "cannot check the name \(host)"))
    }
  }

  /// Why the handshake failed: the certificate's problem when verification failed.
  func handshakeError() -> TransportError {
    let verification = SSL_get_verify_result(ssl)
    if context.configuration.verifiesChain && verification != X509_V_OK {
      ERR_clear_error()
      return .certificateRejected(endpoint, Self.problem(verification))
    }
    let code = ERR_peek_error()
    switch ERR_GET_REASON(code) {
    case SSL_R_UNSUPPORTED_PROTOCOL, SSL_R_TLSV1_ALERT_PROTOCOL_VERSION,
      SSL_R_WRONG_SSL_VERSION:
      ERR_clear_error()
      return .protocolTooOld(endpoint)
    default:
      return .handshakeFailed(endpoint, reason: openSSLReason(default: "the server ended it"))
    }
  }

  /// With a pinned fingerprint, the established session's certificate checked against it:
  /// the refusal when it is another one (or none); nil when it is the pinned one.
  func pinMismatch(_ session: TLSSessionInfo) -> TransportError? {
    guard let pinned = context.configuration.pinnedFingerprint else { return nil }
    guard session.peerFingerprint != pinned else { return nil }
    return .certificateRejected(
      endpoint, .notPinned(expected: pinned, presented: session.peerFingerprint))
  }

  /// An X509_V_ERR_* code in words.
  static func problem(_ code: Int) -> CertificateProblem {
    switch Int32(code) {
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
      X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_CERT_UNTRUSTED,
      X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
      // A self-signed certificate *in the chain* is an untrusted root, not a self-signed leaf.
      .untrustedIssuer
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT: .selfSigned
    case X509_V_ERR_CERT_HAS_EXPIRED: .expired
    case X509_V_ERR_CERT_NOT_YET_VALID: .notYetValid
    case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH: .wrongName
    default: .other(String(cString: X509_verify_cert_error_string(code)))
    }
  }

  /// Whether `host` is an IPv4 or IPv6 address rather than a name.
  static func isIPAddress(_ host: String) -> Bool {
    var address = in6_addr()
    return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
  }
}
