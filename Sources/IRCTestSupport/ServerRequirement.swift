import Foundation

/// A program the server-backed tests need, and what to do when it is missing.
///
/// Put the trait (in `IRCTestRequirements`, which alone links Swift Testing) on every suite
/// that starts a server:
///
/// ```swift
/// @Suite(.requires(.inspircd, .atheme), .timeLimit(.minutes(10)))
/// struct SASLTests { ... }
/// ```
///
/// Where a program is missing the suite is skipped, and the skip names the command that
/// installs it (`apt-get install inspircd ngircd atheme-services openssl`), or for Ergo, which
/// Debian does not package, the variable `CHAT_ERGO` that names its binary. With
/// `CHAT_REQUIRE_SERVERS=1` in the environment (`.ci/run` sets it) the suite runs anyway, and
/// starting the missing server throws `TestServerError.notInstalled`, which fails the test:
/// CI can never pass by skipping. `ServerRequirement.recordIfMissing(...)` records that
/// failure directly, for a test that checks the machine rather than starting a server.
public enum ServerRequirement: String, CaseIterable, Sendable {
  case inspircd
  case ngircd
  case atheme = "atheme-services"
  case openssl
  /// Ergo, the IRCv3 reference server: no Debian package, so its binary is found through the
  /// environment variable `CHAT_ERGO` (`.ci/run` sets it to the project's shared copy).
  case ergo

  /// The one command that installs every Debian package the server-backed tests use.
  public static let installCommand = "apt-get install inspircd ngircd atheme-services openssl"

  /// The environment variable that names the Ergo binary.
  public static let ergoVariable = "CHAT_ERGO"

  /// How to get the program: the `apt-get` command, or for Ergo the variable to set.
  public var installHint: String {
    switch self {
    case .inspircd, .ngircd, .atheme, .openssl: Self.installCommand
    case .ergo:
      "set \(Self.ergoVariable) to the path of an Ergo 2.11 binary"
        + " (from https://ergo.chat; in this project ../shared/servers/ergo/ergo)"
    }
  }

  /// Whether `CHAT_REQUIRE_SERVERS=1` turns a missing server into a failure.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["CHAT_REQUIRE_SERVERS"] == "1"
  }

  /// The program's path, searched in `PATH` and the sbin directories (Debian puts servers
  /// there); Ergo's is `CHAT_ERGO`'s value, when it names an executable file.
  public var executable: String? {
    let environment = ProcessInfo.processInfo.environment
    if self == .ergo {
      guard let path = environment[Self.ergoVariable], !path.isEmpty,
        FileManager.default.isExecutableFile(atPath: path)
      else { return nil }
      return path
    }
    let path = environment["PATH"] ?? ""
    let directories =
      path.split(separator: ":").map(String.init) + [
        "/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/sbin", "/usr/local/bin",
      ]
    for directory in directories {
      let candidate = "\(directory)/\(rawValue)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The program's path, or `TestServerError.notInstalled`.
  public func requireExecutable() throws -> String {
    guard let executable else { throw TestServerError.notInstalled(binary: rawValue) }
    return executable
  }

  /// Whether tests needing `programs` should run: all installed, or required anyway.
  public static func shouldRun(_ programs: [ServerRequirement]) -> Bool {
    isRequired || programs.allSatisfy { $0.executable != nil }
  }

  /// The one line a skipped suite shows: the programs of `programs` that are missing, and
  /// how to get them.
  public static func skipNote(_ programs: [ServerRequirement]) -> String {
    note(forMissing: programs.filter { $0.executable == nil })
  }

  /// The line naming `missing` and how to get them, each way once.
  public static func note(forMissing missing: [ServerRequirement]) -> String {
    let hints = missing.reduce(into: [String]()) { hints, program in
      if !hints.contains(program.installHint) { hints.append(program.installHint) }
    }
    return "needs \(missing.map(\.rawValue).joined(separator: ", ")): "
      + hints.joined(separator: "; ")
  }
}
