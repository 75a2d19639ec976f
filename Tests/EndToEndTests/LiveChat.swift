import Foundation
import IRCTestSupport
import Testing

/// The built `chat` on a network, with a pipe for standard input that the test types into
/// line by line, standard output and error to files, and a bounded wait for its exit.
final class LiveChat {
  let process = Process()
  private let input = Pipe()
  private let folder: URL
  private let exited = DispatchSemaphore(value: 0)

  /// Starts chat with `arguments` and `environment`.
  init(_ arguments: [String], environment: [String: String]) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["stdout", "stderr"] {
      _ = FileManager.default.createFile(
        atPath: folder.appendingPathComponent(name).path, contents: nil)
    }
    process.executableURL = URL(fileURLWithPath: BinaryRunner.chatPath)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = input
    process.standardOutput = try FileHandle(
      forWritingTo: folder.appendingPathComponent("stdout"))
    process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
  }

  /// Types `line` (a newline is added).
  func type(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Closes standard input: chat leaves once everything is confirmed.
  func endInput() {
    try? input.fileHandleForWriting.close()
  }

  /// Waits at most `timeout` seconds for chat to exit (then stops it, and fails the test).
  @discardableResult
  func wait(timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation) -> Int32 {
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      exited.wait()
      Issue.record("chat did not exit within \(timeout) s", sourceLocation: sourceLocation)
    }
    return process.terminationStatus
  }

  /// Stops chat with `signal` and waits for it.
  @discardableResult
  func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
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
    if process.isRunning {
      process.terminate()
      exited.wait()
    }
    try? input.fileHandleForWriting.close()
    try? FileManager.default.removeItem(at: folder)
  }
}
