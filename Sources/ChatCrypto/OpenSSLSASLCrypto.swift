import CTLS
import ChatIRC

/// `IRCSASLCrypto` by OpenSSL 3: `EVP_Digest` (SHA-256), `HMAC`, `PKCS5_PBKDF2_HMAC`,
/// `RAND_bytes` for nonces and `OPENSSL_cleanse` to wipe.
public struct OpenSSLSASLCrypto: IRCSASLCrypto {
  /// How many random bytes a nonce holds (written as twice as many hex digits).
  static let nonceBytes = 18

  /// The crypto.
  public init() {}

  public func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let done = bytes.withUnsafeBytes { input in
      EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
    }
    precondition(done == 1, "SHA-256 failed")
    return Array(digest.prefix(Int(length)))
  }

  public func hmacSHA256(key: [UInt8], _ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    // A zero-length key or input still needs a pointer.
    let keyBytes = key.isEmpty ? [0] : key
    let inputBytes = bytes.isEmpty ? [0] : bytes
    let result = HMAC(
      EVP_sha256(), keyBytes, Int32(key.count), inputBytes, bytes.count, &digest, &length)
    precondition(result != nil, "HMAC-SHA-256 failed")
    defer { OPENSSL_cleanse(&digest, digest.count) }
    return Array(digest.prefix(Int(length)))
  }

  public func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
    var key = [UInt8](repeating: 0, count: 32)
    let passwordBytes = password.isEmpty ? [0] : password
    let saltBytes = salt.isEmpty ? [0] : salt
    let done = passwordBytes.withUnsafeBytes { passwordPointer in
      PKCS5_PBKDF2_HMAC(
        passwordPointer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(password.count),
        saltBytes, Int32(salt.count), Int32(clamping: iterations), EVP_sha256(),
        Int32(key.count), &key)
    }
    precondition(done == 1, "PBKDF2-HMAC-SHA-256 failed")
    return key
  }

  public func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
    }
  }

  public func makeNonce() -> String {
    var random = [UInt8](repeating: 0, count: Self.nonceBytes)
    precondition(RAND_bytes(&random, Int32(random.count)) == 1, "no random bytes")
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in random {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
