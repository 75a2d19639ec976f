import ChatRendering

/// What `chat verify [--record] DIR` asked for.
struct VerifyOptions: Equatable, Sendable {
  /// The folder whose cases are checked.
  var folder: String?
  /// `--record`: write missing and changed snapshots instead of failing.
  var record = false
  /// `--help`.
  var help = false

  /// Reads the arguments after `verify`. `--` ends the options, for a folder named `-x`.
  init(parsing arguments: [String]) throws(VerifyUsageError) {
    var optionsEnded = false
    for argument in arguments {
      if !optionsEnded, argument.hasPrefix("-"), argument != "-" {
        switch argument {
        case "--record": record = true
        case "--help", "-h": help = true
        case "--": optionsEnded = true
        default: throw .unknownOption(argument)
        }
      } else if let folder {
        throw .secondFolder(folder, argument)
      } else {
        folder = argument
      }
    }
    if !help, folder == nil { throw .missingFolder }
  }
}

/// A `chat verify` command line that cannot run. Exit status 64 (EX_USAGE).
enum VerifyUsageError: Error, Equatable, CustomStringConvertible {
  /// No folder was named.
  case missingFolder
  /// `--record` while the `CI` environment variable says this is a CI run.
  case recordingOnCI(ci: String)
  /// A second folder after the first.
  case secondFolder(String, String)
  /// An option verify does not know.
  case unknownOption(String)

  var description: String {
    switch self {
    case .missingFolder:
      "verify needs the folder of cases to check: chat verify [--record] DIR"
    case .recordingOnCI(let value):
      "verify --record refused: CI is set (CI=\(Sanitizer.sanitize(value))), and snapshots are"
        + " never recorded on CI; record them locally and commit them, or unset CI"
    case .secondFolder(let first, let second):
      "verify takes one folder: '\(Sanitizer.sanitize(first))', then unexpected"
        + " '\(Sanitizer.sanitize(second))'"
    case .unknownOption(let option):
      "unknown option '\(Sanitizer.sanitize(option))' for verify"
    }
  }
}
