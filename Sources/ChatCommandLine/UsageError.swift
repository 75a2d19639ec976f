import ChatRendering

/// A command line chat cannot run with. Exit status 64 (EX_USAGE).
enum UsageError: Error, Equatable, CustomStringConvertible {
  /// Two options that cannot be used together, and what to do instead.
  case incompatible(option: String, with: String, advice: String)
  /// A value with something wrong inside it, as its own parser explains.
  case invalid(option: String, reason: String)
  /// A value that is not one of those accepted.
  case invalidValue(option: String, value: String, expected: String)
  /// An option given without its value.
  case missingValue(option: String)
  /// An option that only works together with another.
  case needs(option: String, other: String)
  /// An option that would put a password on the command line. Its value is never read.
  case passwordArgument(option: String)
  /// An option that takes one value, given more than once.
  case repeated(option: String)
  /// An output in the `--log-dir` directory, under a name a conversation's log may take.
  case logDirectoryFile(option: String, path: String, directory: String)
  /// Two options that would write the same file.
  case sameFile(option: String, path: String, other: String, otherPath: String)
  /// An output naming the file standard output or standard error already goes to.
  case standardStreamFile(option: String, path: String, stream: String)
  /// A word that is not an option.
  case unexpectedArgument(String)
  /// `--flag=value` for a flag that takes no value.
  case unexpectedValue(option: String)
  /// An option chat does not know.
  case unknownOption(String)

  var description: String {
    switch self {
    case .incompatible(let option, let other, let advice):
      "\(option) cannot be used with \(other): \(advice)"
    case .invalid(let option, let reason):
      "invalid \(option): \(Sanitizer.sanitize(reason))"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(Sanitizer.sanitize(value))' for \(option): expected"
        + " \(Sanitizer.sanitize(expected))"
    case .missingValue(let option):
      "missing value for \(option)"
    case .needs(let option, let other):
      "\(option) needs \(other)"
    case .passwordArgument(let option):
      "\(option) is not accepted: a password on the command line is visible to every local"
        + " user; set \(SASLCredentials.environmentVariable) or use --sasl-password-file FILE"
        + " (readable only by you)"
    case .repeated(let option):
      "\(option) given more than once: give it once"
    case .logDirectoryFile(let option, let path, let directory):
      "\(option) '\(Sanitizer.sanitize(path))' is in --log-dir '\(Sanitizer.sanitize(directory))'"
        + " under a name a conversation's log may take: give it a file outside the directory"
    case .sameFile(let option, let path, let other, let otherPath) where path == otherPath:
      "\(option) and \(other) both name '\(Sanitizer.sanitize(path))': give each its own file"
    case .sameFile(let option, let path, let other, let otherPath):
      "\(option) '\(Sanitizer.sanitize(path))' and \(other) '\(Sanitizer.sanitize(otherPath))'"
        + " are the same file: give each its own file"
    case .standardStreamFile(let option, let path, let stream):
      "\(option) '\(Sanitizer.sanitize(path))' is the file \(stream) goes to: give each its own"
        + " file"
    case .unexpectedArgument(let argument):
      "unexpected argument '\(Sanitizer.sanitize(argument))'"
    case .unexpectedValue(let option):
      "\(Sanitizer.sanitize(option)) takes no value"
    case .unknownOption(let option):
      "unknown option '\(Sanitizer.sanitize(option))'"
    }
  }
}
