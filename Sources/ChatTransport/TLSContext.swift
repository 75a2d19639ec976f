import CTLS
import Glibc

/// An OpenSSL client context built from a `TLSConfiguration`: trust, client certificate,
/// minimum version. Make one before connecting (file errors surface before any network) and
/// reuse it for every reconnect.
public final class TLSContext {
  /// What this context was built from.
  public let configuration: TLSConfiguration
  let context: OpaquePointer

  /// Builds the context, loading the trust store, the CA file and the certificate file.
  public init(_ configuration: TLSConfiguration) throws(TransportError) {
    self.configuration = configuration
    guard let context = SSL_CTX_new(TLS_client_method()) else {
      throw .tlsUnavailable(reason: openSSLReason(default: "cannot create a TLS context"))
    }
    self.context = context
    guard chat_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
      throw .tlsUnavailable(reason: openSSLReason(default: "cannot require TLS 1.2"))
    }
    // Never ask for a pass phrase: OpenSSL would prompt on the terminal, under readline.
    SSL_CTX_set_default_passwd_cb(context) { _, _, _, _ in 0 }
    SSL_CTX_set_verify(
      context, configuration.verifiesChain ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, nil)
    try loadTrust()
    try loadCertificate()
  }

  deinit { SSL_CTX_free(context) }

  private func loadTrust() throws(TransportError) {
    ERR_clear_error()
    guard let path = configuration.caFile else {
      guard SSL_CTX_set_default_verify_paths(context) == 1 else {
        throw .tlsUnavailable(reason: openSSLReason(default: "cannot load the system trust store"))
      }
      return
    }
    guard access(path, R_OK) == 0 else {
      throw .unusableCAFile(path: path, reason: errnoText(errno))
    }
    guard SSL_CTX_load_verify_locations(context, path, nil) == 1 else {
      throw .unusableCAFile(path: path, reason: openSSLReason(default: "no certificate in it"))
    }
  }

  private func loadCertificate() throws(TransportError) {
    guard let path = configuration.certificateFile else { return }
    ERR_clear_error()
    guard access(path, R_OK) == 0 else {
      throw .unusableCertificateFile(path: path, reason: errnoText(errno))
    }
    guard SSL_CTX_use_certificate_chain_file(context, path) == 1 else {
      throw .unusableCertificateFile(
        path: path, reason: openSSLReason(default: "no certificate in it"))
    }
    ERR_clear_error()
    guard SSL_CTX_use_PrivateKey_file(context, path, SSL_FILETYPE_PEM) == 1 else {
      // OpenSSL's reasons here ("unsupported", "bad decrypt") say less than this does.
      ERR_clear_error()
      throw .unusableCertificateFile(path: path, reason: "no unencrypted private key in it")
    }
    guard SSL_CTX_check_private_key(context) == 1 else {
      throw .unusableCertificateFile(path: path, reason: "the key does not match the certificate")
    }
  }
}

/// The reason of the earliest queued OpenSSL error, in OpenSSL's fixed words, or `fallback`;
/// empties the queue. OpenSSL's reason strings never hold key bytes or pass phrases.
func openSSLReason(default fallback: String) -> String {
  defer { ERR_clear_error() }
  let code = ERR_get_error()
  guard code != 0 else { return fallback }
  if let reason = ERR_reason_error_string(code) { return String(cString: reason) }
  var text = [CChar](repeating: 0, count: 256)
  ERR_error_string_n(code, &text, text.count)
  return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
