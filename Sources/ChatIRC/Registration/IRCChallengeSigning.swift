/// Signs the challenge of an `ECDSA-NIST256P-CHALLENGE` login with the user's private key.
/// Handed to the client (`IRCClient.init(configuration:at:saslCrypto:challengeSigner:)`) so
/// that the protocol holds no key and links no crypto library; OpenSSL's is
/// `OpenSSLChallengeSigner` (ChatCrypto).
public protocol IRCChallengeSigning: Sendable {
  /// The DER-encoded ECDSA signature of `challenge`, the challenge's bytes taken as the
  /// digest itself (not hashed again), as Atheme verifies it; nil when signing failed.
  func sign(_ challenge: [UInt8]) -> [UInt8]?
}
