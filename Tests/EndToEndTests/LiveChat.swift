import Foundation
import Glibc
import IRCTestSupport
import Testing

/// The built `chat` on a network, with a pipe for standard input that the test types into
/// line by line, standard output and error to files, and a bounded wait for its exit.
///
/// Spawned and reaped here (`CleanSpawn`, `waitpid`), not by Foundation's `Process`: its exit
/// notice comes through a dispatch queue that a long test elsewhere in the run (the paced
/// flood of the full tier) was seen to hold up for minutes.
final class LiveChat {
  let pid: pid_t
  private var input: Int32
  private let folder: URL
  private var status: Int32?

  /// Starts chat with `arguments` and `environment`.
  init(_ arguments: [String], environment: [String: String]) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("stdout").path
    let errors = folder.appendingPathComponent("stderr").path
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    // Neither end may leak into another child spawned meanwhile (the read end becomes
    // chat's standard input by dup2, which clears the flag there).
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var pid: pid_t = 0
    let failed = CleanSpawn.spawn(
      BinaryRunner.chatPath, arguments: arguments,
      environment: environment.map { "\($0)=\($1)" }, pid: &pid
    ) { actions in
      posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
      posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    Glibc.close(ends[0])
    guard failed == 0 else {
      Glibc.close(ends[1])
      throw POSIXError(POSIXErrorCode(rawValue: failed) ?? .EIO)
    }
    self.pid = pid
    input = ends[1]
  }

  /// Types `line` (a newline is added).
  func type(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count, input >= 0 {
      let count = bytes[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Closes standard input: chat leaves once everything is confirmed.
  func endInput() {
    guard input >= 0 else { return }
    Glibc.close(input)
    input = -1
  }

  /// Whether chat still runs (reaping it once it has exited).
  private var isRunning: Bool {
    guard status == nil else { return false }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
    status = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : raw & 0x7F
    return false
  }

  /// Waits at most `timeout` seconds for chat to exit (then stops it, and fails the test).
  @discardableResult
  func wait(timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation) -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning, Date() < deadline { usleep(5000) }
    if isRunning {
      kill(pid, SIGKILL)
      var raw: Int32 = 0
      waitpid(pid, &raw, 0)
      status = raw & 0x7F
      Issue.record("chat did not exit within \(timeout) s", sourceLocation: sourceLocation)
    }
    return status ?? -1
  }

  /// Stops chat with `signal` and waits for it.
  @discardableResult
  func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    if isRunning { kill(pid, signal) }
    return wait()
  }

  /// Waits until standard output satisfies `condition`, at most `seconds`; false if it never
  /// did. (A typed line goes to the conversation active when chat reads it: wait for chat's
  /// own report of a join, not only for the server's.)
  func waitForOutput(within seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(String(decoding: stdout, as: UTF8.self)) { return true }
      usleep(20_000)
    }
    return condition(String(decoding: stdout, as: UTF8.self))
  }

  var stdout: [UInt8] {
    (try? Data(contentsOf: folder.appendingPathComponent("stdout"))).map { [UInt8]($0) } ?? []
  }

  var stderr: String {
    String(
      decoding: (try? Data(contentsOf: folder.appendingPathComponent("stderr"))) ?? Data(),
      as: UTF8.self)
  }

  /// Stops chat if it still runs and removes its files.
  func close() {
    if isRunning {
      kill(pid, SIGTERM)
      wait(timeout: 10)
    }
    endInput()
    try? FileManager.default.removeItem(at: folder)
  }
}
