import Foundation
import Glibc
import Testing

/// Runs the built `chat` binary with real pipes and files for its standard streams.
enum BinaryRunner {
  /// What a finished run left behind.
  struct Result {
    var status: Int32
    var reason: Process.TerminationReason
    var stdout: [UInt8]
    var stderr: String
    var seconds: Double

    var output: String { String(decoding: stdout, as: UTF8.self) }
    var lines: [Substring] { output.split(separator: "\n") }
  }

  /// The `chat` executable next to the test bundle (`.build/<config>/chat`).
  static let chatPath: String = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("chat").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/chat").path
  }()

  /// Runs `executable` (chat by default) with `arguments`, feeding `stdin` from a file (or,
  /// `throughPipe`, from a pipe already holding it, its write end closed, as
  /// `printf … | chat` does), and waits at most `timeout` seconds for it to exit (killing it
  /// and failing the test if not).
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], throughPipe: Bool = false,
    executable: String = chatPath, environment: [String: String]? = nil, timeout: Double = 60,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputURL = folder.appendingPathComponent("stdin")
    let outputURL = folder.appendingPathComponent("stdout")
    let errorURL = folder.appendingPathComponent("stderr")
    try Data(stdin).write(to: inputURL)
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

    var pipeEnds: [Int32] = [-1, -1]
    if throughPipe {
      // A pipe holds about 64 KiB, all written before chat reads.
      guard stdin.count < 60_000, pipe(&pipeEnds) == 0 else { throw POSIXError(.EINVAL) }
      // So that no other child spawned meanwhile keeps the write end open.
      for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      let written = stdin.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
      close(pipeEnds[1])
      guard written == stdin.count else {
        close(pipeEnds[0])
        throw POSIXError(.EIO)
      }
    }
    defer { if throughPipe { close(pipeEnds[0]) } }

    // Spawned and reaped here, not by Foundation's `Process`: its exit notice comes through a
    // dispatch queue, which a long test elsewhere in the run could hold up past the timeout.
    let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
    var pid: pid_t = 0
    let started = Date()
    let failed = CleanSpawn.spawn(
      executable, arguments: arguments, environment: variables, pid: &pid
    ) { actions in
      if throughPipe {
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
      } else {
        posix_spawn_file_actions_addopen(&actions, 0, inputURL.path, O_RDONLY, 0)
      }
      posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_TRUNC, 0o644)
      posix_spawn_file_actions_addopen(&actions, 2, errorURL.path, O_WRONLY | O_TRUNC, 0o644)
    }
    guard failed == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failed) ?? .EIO) }
    var status: Int32 = 0
    let deadline = started.addingTimeInterval(timeout)
    var reaped = false
    while !reaped, Date() < deadline {
      reaped = waitpid(pid, &status, WNOHANG) == pid
      if !reaped { usleep(2000) }
    }
    if !reaped {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
      Issue.record("\(arguments) did not exit within \(timeout) s", sourceLocation: sourceLocation)
    }
    let signal = status & 0x7F
    return Result(
      status: signal == 0 ? (status >> 8) & 0xFF : signal,
      reason: signal == 0 ? .exit : .uncaughtSignal,
      stdout: Array(try Data(contentsOf: outputURL)),
      stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
      seconds: Date().timeIntervalSince(started))
  }

  /// Runs a shell pipeline (`sh -c`), with `$CHAT` naming the chat binary.
  static func shell(_ script: String, timeout: Double = 60) throws -> Result {
    var environment = ProcessInfo.processInfo.environment
    environment["CHAT"] = chatPath
    return try run(
      ["-c", script], executable: "/bin/sh", environment: environment, timeout: timeout)
  }
}
