import ChatCrypto
import ChatIRC
import Glibc

/// Reading the private key of an `ECDSA-NIST256P-CHALLENGE` login (`--sasl-key FILE`).
enum SASLKey {
  /// The largest key file read: a PEM P-256 key is about 230 bytes.
  static let maximumSize = 16 * 1024

  /// The PEM key at `path`, given by `option` (the flag or the networks file's key), checked
  /// to be an EC P-256 private key. The file is refused if group or others have any
  /// permission on it (its mode read with `fstat` on the descriptor read). Its bytes come
  /// back as a secret that never shows itself; the buffer read into is wiped.
  static func load(option: String, path: String) throws(SASLKeyError) -> IRCSecret {
    let file: OpenedFile
    do {
      file = try OpenedFile(path: path)
    } catch {
      throw failure(error, option: option, path: path)
    }
    guard file.permissions & 0o077 == 0 else {
      throw .tooOpen(option: option, path: path, mode: file.permissions)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: maximumSize + 1, alignment: 1)
    defer {
      explicit_bzero(buffer.baseAddress!, buffer.count)
      buffer.deallocate()
    }
    let count: Int
    do {
      count = try file.read(into: buffer)
    } catch {
      throw failure(error, option: option, path: path)
    }
    guard count <= maximumSize else {
      throw .notAKey(option: option, path: path, reason: "is too large to be a key")
    }
    let pem = UnsafeRawBufferPointer(rebasing: buffer[..<count])
    do {
      _ = try OpenSSLChallengeSigner(pem: pem)
    } catch {
      throw .notAKey(option: option, path: path, reason: error.description)
    }
    return IRCSecret(bytes: Array(pem))
  }

  private static func failure(_ error: OpenedFile.Failure, option: String, path: String)
    -> SASLKeyError
  {
    switch error {
    case .system(let code):
      .cannotRead(option: option, path: path, reason: OpenedFile.reason(code))
    case .notRegular: .cannotRead(option: option, path: path, reason: "not a regular file")
    case .tooLarge: .notAKey(option: option, path: path, reason: "is too large to be a key")
    }
  }
}
