import Foundation
import Glibc

/// The built `chat` running in the background with pipes for all three standard streams, so
/// a test can type lines into it while it runs and watch what it prints.
///
/// Spawned as a shell would (`CleanSpawn`: an empty signal mask), so SIGTERM reaches it; the
/// test's ends of the pipes are close-on-exec, so a server started later cannot hold the
/// input open. Stopped by its pid in `stop()`, which a `defer` should call.
final class RunningChat {
  let pid: pid_t
  private var input: Int32
  private let output: Int32
  private let errors: Int32
  private var collectedOutput: [UInt8] = []
  private var collectedErrors: [UInt8] = []
  /// The exit status once it exited (128 + n for signal n).
  private(set) var exitStatus: Int32?

  /// Starts `chat arguments` with `environment`.
  init(_ arguments: [String], environment: [String: String]) throws {
    var pipes: [[Int32]] = []
    for _ in 0..<3 {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      pipes.append(ends)
    }
    var spawned: pid_t = 0
    let result = CleanSpawn.spawn(
      BinaryRunner.chatPath, arguments: arguments,
      environment: environment.map { "\($0.key)=\($0.value)" }, pid: &spawned
    ) { actions in
      posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
      posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
      posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
    }
    close(pipes[0][0])
    close(pipes[1][1])
    close(pipes[2][1])
    (input, output, errors) = (pipes[0][1], pipes[1][0], pipes[2][0])
    for descriptor in [output, errors] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    guard result == 0 else {
      for descriptor in [input, output, errors] { close(descriptor) }
      throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
    }
    pid = spawned
  }

  deinit {
    stop()
    close(output)
    close(errors)
  }

  var stdout: String {
    drain()
    return String(decoding: collectedOutput, as: UTF8.self)
  }

  var stderr: String {
    drain()
    return String(decoding: collectedErrors, as: UTF8.self)
  }

  var isRunning: Bool {
    reap()
    return exitStatus == nil
  }

  /// Types `line` (a newline is added).
  func type(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
  }

  /// Types `bytes` as they are (UTF-8 or not; no newline added).
  func type(bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
  }

  /// Ends the input, as the end of a pipe does.
  func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Waits until standard output (or error) satisfies `condition`, at most `seconds`.
  @discardableResult
  func waitFor(
    within seconds: Double = 20, inErrors: Bool = false, _ condition: (String) -> Bool
  ) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(inErrors ? stderr : stdout) { return true }
      usleep(20_000)
    }
    return condition(inErrors ? stderr : stdout)
  }

  /// Waits for the exit, at most `seconds`; nil if it is still running.
  func waitForExit(within seconds: Double = 20) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while isRunning, Date() < deadline {
      drain()
      usleep(20_000)
    }
    drain()
    return exitStatus
  }

  /// Stops it by its pid if it still runs: SIGTERM, then SIGKILL after 5 s.
  func stop() {
    closeInput()
    guard isRunning else { return }
    kill(pid, SIGTERM)
    if waitForExit(within: 5) == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
      exitStatus = 128 + SIGKILL
    }
  }

  private func reap() {
    guard exitStatus == nil else { return }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid {
      exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    }
  }

  private func drain() {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    for (descriptor, isError) in [(output, false), (errors, true)] {
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        if isError {
          collectedErrors += chunk[..<count]
        } else {
          collectedOutput += chunk[..<count]
        }
      }
    }
  }
}
