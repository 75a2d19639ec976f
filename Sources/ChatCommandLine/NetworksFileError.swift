import ChatCore
import ChatRendering

/// Why the networks file cannot be used. Exit status 78 (EX_CONFIG), 66 when unreadable.
enum NetworksFileError: Error, Equatable, CustomStringConvertible {
  /// A line that is not what the format allows: `file:line: what is wrong`.
  case malformed(path: String, line: Int, problem: Problem)
  /// The file exists but cannot be read.
  case unreadable(path: String, reason: String)

  /// What is wrong on a line. No case holds a value that might be a password.
  enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `[name]` header with a name already used.
    case duplicateNetwork(String, firstLine: Int)
    /// A key set twice in one section.
    case duplicateKey(String, firstLine: Int)
    /// A `[` header without its `]`, or with text after it.
    case invalidHeader
    /// A section name with characters names cannot have.
    case invalidName(String)
    /// A value that does not fit its key.
    case invalidValue(key: String, reason: String)
    /// A line that is neither a header, a comment, nor `key = value`.
    case missingEquals
    /// A section without a `server`.
    case missingServer(network: String)
    /// A key whose value is empty.
    case missingValue(key: String)
    /// A key that needs another one set in the same section.
    case needs(key: String, other: String)
    /// Bytes that are not UTF-8.
    case notUTF8
    /// A `password`-like key: passwords never belong in this file.
    case password(key: String)
    /// A setting before the first `[name]`.
    case settingOutsideSection
    /// A file larger than chat reads.
    case tooLarge(Int)
    /// A key chat does not know.
    case unknownKey(String)
    /// A quoted value with an escape other than `\"` and `\\`.
    case invalidEscape(String)
    /// A quoted value without its closing quote, or text after it.
    case unterminatedQuote

    var description: String {
      switch self {
      case .duplicateNetwork(let name, let firstLine):
        "network '\(Sanitizer.sanitize(name))' is already defined on line \(firstLine)"
      case .duplicateKey(let key, let firstLine):
        "'\(Sanitizer.sanitize(key))' is already set on line \(firstLine): set it once"
      case .invalidHeader:
        "a section header is [name], alone on its line"
      case .invalidName(let name):
        "'\(Sanitizer.sanitize(name))' is not a network name: use letters, digits, '.', '-'"
          + " and '_'"
      case .invalidValue(let key, let reason):
        "invalid \(Sanitizer.sanitize(key)): \(Sanitizer.sanitize(reason))"
      case .missingEquals:
        "expected key = value, a [network] header, a # comment or a blank line"
      case .missingServer(let network):
        "network '\(Sanitizer.sanitize(network))' has no server = URL"
      case .missingValue(let key):
        "'\(Sanitizer.sanitize(key))' has no value"
      case .needs(let key, let other):
        "'\(key)' needs '\(other)' in the same section"
      case .notUTF8:
        "the line is not valid UTF-8"
      case .password(let key):
        "'\(Sanitizer.sanitize(key))': no password may be written in this file; put it in a"
          + " file only you can read and name it with sasl-password-file = FILE, or set"
          + " CHAT_SASL_PASSWORD"
      case .settingOutsideSection:
        "a setting before the first [network] header"
      case .tooLarge(let limit):
        "the file is larger than \(limit) bytes"
      case .unknownKey(let key):
        "unknown key '\(Sanitizer.sanitize(key))' (known: "
          + NetworksFile.Key.allCases.map(\.rawValue).joined(separator: ", ") + ")"
      case .invalidEscape(let escape):
        "unknown escape '\(Sanitizer.sanitize(escape))' in a quoted value (known: \\\" \\\\)"
      case .unterminatedQuote:
        "a quoted value must end with \" at the end of the line"
      }
    }
  }

  var description: String {
    switch self {
    case .malformed(let path, let line, let problem):
      "\(Sanitizer.sanitize(path)):\(line): \(problem)"
    case .unreadable(let path, let reason):
      "cannot read the networks file '\(Sanitizer.sanitize(path))': \(reason)"
    }
  }

  /// The exit status (sysexits): 78 (EX_CONFIG) for a malformed file, 66 for an unreadable one.
  var exitStatus: ExitStatus {
    switch self {
    case .malformed: .configuration
    case .unreadable: .noInput
    }
  }
}
