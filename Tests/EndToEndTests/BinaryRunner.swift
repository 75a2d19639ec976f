import Foundation
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

  /// Runs `executable` (chat by default) with `arguments`, feeding `stdin` from a file, and
  /// waits at most `timeout` seconds for it to exit (killing it and failing the test if not).
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], executable: String = chatPath,
    environment: [String: String]? = nil, timeout: Double = 60,
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

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    let started = Date()
    try process.run()
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      // SIGKILL by its pid: a child started by Foundation inherits the test runner's blocked
      // signals, so SIGTERM (`terminate()`) may never reach it.
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
      Issue.record("\(arguments) did not exit within \(timeout) s", sourceLocation: sourceLocation)
    }
    return Result(
      status: process.terminationStatus, reason: process.terminationReason,
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
