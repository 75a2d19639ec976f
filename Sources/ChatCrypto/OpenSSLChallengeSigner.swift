import CTLS
import ChatIRC

/// `IRCChallengeSigning` with an EC P-256 private key read from PEM by OpenSSL: the
/// `ECDSA-NIST256P-CHALLENGE` signature (`EVP_PKEY_sign` over the raw challenge).
///
/// `@unchecked Sendable`: the key is set once, in `init`, and OpenSSL's signing only reads it.
public final class OpenSSLChallengeSigner: IRCChallengeSigning, @unchecked Sendable {
  /// Why the bytes given are not a key chat can sign with.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a PEM private key (or one protected by a passphrase, which chat does not ask for).
    case notAPrivateKey
    /// A private key, but not on the NIST P-256 curve (`prime256v1`).
    case notP256

    public var description: String {
      switch self {
      case .notAPrivateKey:
        "is not a PEM private key without a passphrase (make one with: openssl ecparam"
          + " -name prime256v1 -genkey -noout -out FILE)"
      case .notP256: "is not an EC key on the NIST P-256 curve (prime256v1)"
      }
    }
  }

  private let key: OpaquePointer

  /// The key in `pem` (a PEM private key, `EC PRIVATE KEY` or PKCS #8).
  public init(pem: UnsafeRawBufferPointer) throws(Failure) {
    guard let base = pem.baseAddress, let bio = BIO_new_mem_buf(base, Int32(clamping: pem.count))
    else { throw .notAPrivateKey }
    defer { BIO_free(bio) }
    // No passphrase prompt on the terminal: an encrypted key is refused.
    guard let key = PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil) else {
      ERR_clear_error()
      throw .notAPrivateKey
    }
    var name = [CChar](repeating: 0, count: 64)
    var length = 0
    guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC,
      EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1,
      String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        == "prime256v1"
    else {
      EVP_PKEY_free(key)
      ERR_clear_error()
      throw .notP256
    }
    self.key = key
  }

  deinit {
    EVP_PKEY_free(key)
  }

  public func sign(_ challenge: [UInt8]) -> [UInt8]? {
    guard !challenge.isEmpty, let context = EVP_PKEY_CTX_new(key, nil) else { return nil }
    defer { EVP_PKEY_CTX_free(context) }
    var length = 0
    guard EVP_PKEY_sign_init(context) == 1,
      EVP_PKEY_sign(context, nil, &length, challenge, challenge.count) == 1
    else {
      ERR_clear_error()
      return nil
    }
    var signature = [UInt8](repeating: 0, count: length)
    guard EVP_PKEY_sign(context, &signature, &length, challenge, challenge.count) == 1 else {
      ERR_clear_error()
      return nil
    }
    return Array(signature.prefix(length))
  }
}
