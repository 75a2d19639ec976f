import ChatCore
import ChatRendering

/// Why the network options cannot make a configuration. None of its text ever holds a password.
enum NetworkConfigurationError: Error, Equatable, CustomStringConvertible {
  /// A command-line mistake: exit 64.
  case usage(UsageError)
  /// The networks file is malformed (78) or unreadable (66).
  case networksFile(NetworksFileError)
  /// `--network NAME` names no section of the networks file: exit 64.
  case unknownNetwork(String, known: [String], path: String)
  /// No networks file can be found, because neither `XDG_CONFIG_HOME` nor `HOME` is set: 78.
  case noConfigDirectory
  /// The password cannot be used: 66 or 78 (see ``CredentialsError/exitStatus``).
  case credentials(CredentialsError)
  /// The SASL key cannot be used: 64, 66 or 78 (see ``SASLKeyError/exitStatus``).
  case saslKey(SASLKeyError)
  /// A file the TLS options name cannot be read: 66.
  case unreadableFile(option: String, path: String, reason: String)

  var description: String {
    switch self {
    case .usage(let error): error.description
    case .networksFile(let error): error.description
    case .unknownNetwork(let name, let known, let path):
      "unknown network '\(Sanitizer.sanitize(name))': "
        + (known.isEmpty
          ? "'\(Sanitizer.sanitize(path))' defines none"
          : "'\(Sanitizer.sanitize(path))' defines "
            + known.map { Sanitizer.sanitize($0) }.joined(separator: ", "))
    case .noConfigDirectory:
      "cannot find the networks file: neither XDG_CONFIG_HOME nor HOME is set to a full path"
    case .credentials(let error): error.description
    case .saslKey(let error): error.description
    case .unreadableFile(let option, let path, let reason):
      "cannot read \(option) '\(Sanitizer.sanitize(path))': \(reason)"
    }
  }

  /// Whether the error is the command line's, so that a hint to `chat --help` helps.
  var isUsage: Bool {
    switch self {
    case .usage, .unknownNetwork: true
    default: false
    }
  }

  /// The exit status (sysexits): 64 usage, 66 cannot read a file, 78 configuration.
  var exitStatus: ExitStatus {
    switch self {
    case .usage, .unknownNetwork: .usage
    case .networksFile(let error): error.exitStatus
    case .noConfigDirectory: .configuration
    case .credentials(let error): error.exitStatus
    case .saslKey(let error): error.exitStatus
    case .unreadableFile: .noInput
    }
  }
}
