import Glibc

extension SASLCredentials {
  /// `PLAIN` credentials whose password is `value` (the `CHAT_SASL_PASSWORD` variable's).
  static func fromEnvironment(user: String, value: String) throws(CredentialsError)
    -> SASLCredentials
  {
    let password = SecretBytes(value.utf8)
    try check(password, source: .environment)
    return SASLCredentials(user: user, password: password, source: .environment)
  }

  /// `PLAIN` credentials whose password is the file at `path` without one trailing newline.
  /// The file is refused if group or others have any permission on it: its mode is read with
  /// `fstat` on the opened descriptor, so it is the mode of the file actually read.
  static func fromFile(user: String, path: String) throws(CredentialsError) -> SASLCredentials {
    let source = Source.file(path)
    let file: OpenedFile
    do {
      file = try OpenedFile(path: path)
    } catch {
      throw failure(error, path: path)
    }
    guard file.permissions & 0o077 == 0 else {
      throw .tooOpen(path: path, mode: file.permissions)
    }
    // Room for the longest password, a CR LF, and one byte to notice a longer one.
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: maximumPasswordLength + 3, alignment: 1)
    defer {
      explicit_bzero(buffer.baseAddress!, buffer.count)
      buffer.deallocate()
    }
    var count: Int
    do {
      count = try file.read(into: buffer)
    } catch {
      throw failure(error, path: path)
    }
    if count > 0, buffer[count - 1] == UInt8(ascii: "\n") {
      count -= 1
      if count > 0, buffer[count - 1] == UInt8(ascii: "\r") { count -= 1 }
    }
    guard count <= maximumPasswordLength else { throw .tooLong(source) }
    let password = SecretBytes(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    try check(password, source: source)
    return SASLCredentials(user: user, password: password, source: source)
  }

  private static func check(_ password: SecretBytes, source: Source) throws(CredentialsError) {
    guard password.count > 0 else { throw .empty(source) }
    guard password.count <= maximumPasswordLength else { throw .tooLong(source) }
    guard !password.contains(0) else { throw .containsNUL(source) }
    guard !password.contains(UInt8(ascii: "\n")), !password.contains(UInt8(ascii: "\r")) else {
      throw .multipleLines(source)
    }
  }

  private static func failure(_ error: OpenedFile.Failure, path: String) -> CredentialsError {
    switch error {
    case .system(let code): .cannotRead(path: path, reason: OpenedFile.reason(code))
    case .notRegular: .notAFile(path: path)
    case .tooLarge: .tooLong(.file(path))
    }
  }
}
