import Glibc

/// Why a test server, a certificate or a helper process could not do what a test asked.
public enum TestServerError: Error, CustomStringConvertible {
  case notInstalled(binary: String)
  case startFailed(server: String, log: String)
  case timedOut(waitingFor: String, log: String)
  case commandFailed(command: String, status: Int32, output: String)
  case systemCall(String, errno: Int32)
  case refused(String)

  public var description: String {
    switch self {
    case .notInstalled(let binary):
      let hint =
        ServerRequirement(rawValue: binary)?.installHint ?? ServerRequirement.installCommand
      return "\(binary) is not installed: \(hint)"
    case .startFailed(let server, let log):
      return "\(server) did not start; its output ends:\n\(Self.tail(log))"
    case .timedOut(let what, let log):
      return "timed out waiting for \(what)"
        + (log.isEmpty ? "" : "; output ends:\n\(Self.tail(log))")
    case .commandFailed(let command, let status, let output):
      return "\(command) exited with status \(status):\n\(Self.tail(output))"
    case .systemCall(let call, let errno):
      return "\(call) failed: \(String(cString: strerror(errno)))"
    case .refused(let reason):
      return reason
    }
  }

  /// The last lines of a log: enough to see why, short enough for a test report.
  static func tail(_ log: String, lines: Int = 25) -> String {
    log.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(
      separator: "\n")
  }
}
