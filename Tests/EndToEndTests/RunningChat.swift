import Foundation
import Glibc

/// The built `chat` running in the background with pipes for all three standard streams, so
/// a test can type lines into it while it runs and watch what it prints. Stopped by its pid.
final class RunningChat {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let collected = Collected()

  /// Starts `chat arguments` with `environment`.
  init(_ arguments: [String], environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: BinaryRunner.chatPath)
    process.arguments = arguments
    process.environment = environment
    // Only the child may hold its ends: a server or another chat started later must not
    // inherit the input's write end, or the input would never end.
    for descriptor in [
      input.fileHandleForWriting.fileDescriptor, output.fileHandleForReading.fileDescriptor,
      errors.fileHandleForReading.fileDescriptor,
    ] {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let collected = collected
    output.fileHandleForReading.readabilityHandler = { handle in
      collected.append(handle.availableData, error: false)
    }
    errors.fileHandleForReading.readabilityHandler = { handle in
      collected.append(handle.availableData, error: true)
    }
    try process.run()
  }

  var pid: pid_t { process.processIdentifier }
  var stdout: String { collected.text(error: false) }
  var stderr: String { collected.text(error: true) }

  /// Types `line` (a newline is added).
  func type(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Ends the input, as the end of a pipe does.
  func closeInput() {
    try? input.fileHandleForWriting.close()
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
    while process.isRunning, Date() < deadline { usleep(20_000) }
    return process.isRunning ? nil : process.terminationStatus
  }

  /// Stops it by its pid if it still runs.
  func stop() {
    closeInput()
    if process.isRunning {
      kill(pid, SIGTERM)
      if waitForExit(within: 5) == nil { kill(pid, SIGKILL) }
    }
    output.fileHandleForReading.readabilityHandler = nil
    errors.fileHandleForReading.readabilityHandler = nil
  }
}

/// Output gathered on the pipes' threads.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var out = Data()
  private var err = Data()

  func append(_ data: Data, error: Bool) {
    lock.withLock { if error { err.append(data) } else { out.append(data) } }
  }

  func text(error: Bool) -> String {
    lock.withLock { String(decoding: error ? err : out, as: UTF8.self) }
  }
}
