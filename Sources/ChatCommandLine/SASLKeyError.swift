import ChatCore
import ChatRendering

/// Why the SASL key (`--sasl-key`, or the networks file's `sasl-key`) cannot be used. No case
/// holds any of the key's bytes.
enum SASLKeyError: Error, Equatable, CustomStringConvertible {
  /// The key file cannot be opened or read, or is not a regular file.
  case cannotRead(option: String, path: String, reason: String)
  /// Group or others have a permission on the key file.
  case tooOpen(option: String, path: String, mode: UInt32)
  /// The file is not a PEM EC P-256 private key, for `reason`.
  case notAKey(option: String, path: String, reason: String)
  /// `--sasl-key` with a password file: one login, one mechanism.
  case withPassword(option: String)

  var description: String {
    switch self {
    case .cannotRead(let option, let path, let reason):
      "cannot read \(option) '\(Sanitizer.sanitize(path))': \(reason)"
    case .tooOpen(let option, let path, let mode):
      "\(option) '\(Sanitizer.sanitize(path))' is accessible by group or others"
        + " (mode \(CredentialsError.octal(mode))): run chmod 600 on it"
    case .notAKey(let option, let path, let reason):
      "\(option) '\(Sanitizer.sanitize(path))' \(reason)"
    case .withPassword(let option):
      "\(option) cannot go with a password file: a key logs in with ECDSA-NIST256P-CHALLENGE,"
        + " a password with SCRAM-SHA-256 or PLAIN"
    }
  }

  /// The exit status (sysexits): 66 for a file that cannot be read, 64 for a key given with
  /// a password file, 78 for permissions or a file that is not a key (a configuration to fix).
  var exitStatus: ExitStatus {
    switch self {
    case .cannotRead: .noInput
    case .withPassword: .usage
    case .tooOpen, .notAKey: .configuration
    }
  }
}
