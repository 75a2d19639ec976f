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
/// installs it (`apt-get install inspircd ngircd atheme-services openssl`). With
/// `CHAT_REQUIRE_SERVERS=1` in the environment (`.ci/run` sets it) the suite runs anyway, and
/// starting the missing server throws `TestServerError.notInstalled`, which fails the test:
/// CI can never pass by skipping. `ServerRequirement.recordIfMissing(...)` records that
/// failure directly, for a test that checks the machine rather than starting a server.
public enum ServerRequirement: String, CaseIterable, Sendable {
  case inspircd
  case ngircd
  case atheme = "atheme-services"
  case openssl

  /// The one command that installs everything the server-backed tests use.
  public static let installCommand = "apt-get install inspircd ngircd atheme-services openssl"

  /// Whether `CHAT_REQUIRE_SERVERS=1` turns a missing server into a failure.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["CHAT_REQUIRE_SERVERS"] == "1"
  }

  /// The program's path, searched in `PATH` and the sbin directories (Debian puts servers there).
  public var executable: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
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

  /// The one line a skipped suite shows.
  public static func skipNote(_ programs: [ServerRequirement]) -> String {
    let missing = programs.filter { $0.executable == nil }.map(\.rawValue)
    return "needs \(missing.joined(separator: ", ")): \(installCommand)"
  }
}
