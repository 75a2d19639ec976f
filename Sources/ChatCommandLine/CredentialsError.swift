import ChatCore
import ChatRendering

/// Why a SASL password cannot be used. No case holds the password or any part of it.
enum CredentialsError: Error, Equatable, CustomStringConvertible {
  /// The password file cannot be opened or read.
  case cannotRead(path: String, reason: String)
  /// The password is empty (an empty file, or `CHAT_SASL_PASSWORD=`).
  case empty(SASLCredentials.Source)
  /// The password holds a NUL byte, which SASL `PLAIN` uses as its separator.
  case containsNUL(SASLCredentials.Source)
  /// The password holds a line break other than one at the very end.
  case multipleLines(SASLCredentials.Source)
  /// The password file is a directory, FIFO or device.
  case notAFile(path: String)
  /// The password file has group or other permissions: other users may read it.
  case tooOpen(path: String, mode: UInt32)
  /// The password is longer than chat reads.
  case tooLong(SASLCredentials.Source)

  var description: String {
    switch self {
    case .cannotRead(let path, let reason):
      "cannot read the password file '\(Sanitizer.sanitize(path))': \(reason)"
    case .empty(let source):
      "the password in \(Self.name(source)) is empty"
    case .containsNUL(let source):
      "the password in \(Self.name(source)) contains a NUL byte, which SASL cannot carry"
    case .multipleLines(let source):
      "the password in \(Self.name(source)) has more than one line: put only the password in"
        + " it (one trailing newline is fine)"
    case .notAFile(let path):
      "the password file '\(Sanitizer.sanitize(path))' is not a regular file"
    case .tooOpen(let path, let mode):
      "the password file '\(Sanitizer.sanitize(path))' is accessible by group or others"
        + " (mode \(Self.octal(mode))): run chmod 600 on it"
    case .tooLong(let source):
      "the password in \(Self.name(source)) is longer than"
        + " \(SASLCredentials.maximumPasswordLength) bytes"
    }
  }

  /// The exit status (sysexits): 66 for a file that cannot be read, 78 for a bad password or
  /// file permissions (a configuration to fix).
  var exitStatus: ExitStatus {
    switch self {
    case .cannotRead, .notAFile: .noInput
    case .empty, .containsNUL, .multipleLines, .tooOpen, .tooLong: .configuration
    }
  }

  private static func name(_ source: SASLCredentials.Source) -> String {
    Sanitizer.sanitize(source.description)
  }

  static func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
