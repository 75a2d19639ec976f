/// What SASL needs of a crypto library: the hashes SCRAM-SHA-256 is made of, and fresh
/// nonces. Handed to the client (`IRCClient.init(configuration:at:saslCrypto:)`) so that the
/// protocol stays pure and links no crypto library; OpenSSL's implementation is
/// `OpenSSLSASLCrypto` (ChatCrypto).
///
/// Every function but `makeNonce` is deterministic, so a test can feed RFC 7677's example
/// exchange and get its exact messages. `makeNonce` is random: the session calls it once
/// per connection and hands the result in (`IRCClient.start(at:saslNonce:)`); the client
/// never calls it.
public protocol IRCSASLCrypto: Sendable {
  /// SHA-256 of `bytes`.
  func sha256(_ bytes: [UInt8]) -> [UInt8]
  /// HMAC-SHA-256 of `bytes` under `key`.
  func hmacSHA256(key: [UInt8], _ bytes: [UInt8]) -> [UInt8]
  /// PBKDF2 with HMAC-SHA-256 (RFC 8018), 32 bytes long: SCRAM's SaltedPassword.
  func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8]
  /// Overwrites `bytes` with zeros in a way the compiler cannot leave out, so a key derived
  /// from the password does not outlive its use.
  func wipe(_ bytes: inout [UInt8])
  /// A fresh random nonce of printable characters without a comma (RFC 5802's `c-nonce`).
  func makeNonce() -> String
}
