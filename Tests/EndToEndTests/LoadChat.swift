import Foundation
import Glibc

/// One `chat` of the load test: input from a pipe the test writes, output and errors to files
/// (a pipe nobody drains would stall it), stopped by its pid.
final class LoadChat {
  let pid: pid_t
  let outputPath: String
  let errorPath: String
  private var input: Int32
  private var reader: FileHandle?
  private var partial: [UInt8] = []
  /// `"type":"message"` lines read so far.
  private(set) var messageLines = 0
  private(set) var exitStatus: Int32?

  init(_ arguments: [String], environment: [String: String], files prefix: String) throws {
    (outputPath, errorPath) = (prefix + ".jsonl", prefix + ".err")
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    var spawned: pid_t = 0
    let (output, errors) = (outputPath, errorPath)
    let result = CleanSpawn.spawn(
      BinaryRunner.chatPath, arguments: arguments,
      environment: environment.map { "\($0.key)=\($0.value)" }, pid: &spawned
    ) { actions in
      posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
      posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    close(ends[0])
    input = ends[1]
    guard result == 0 else {
      close(input)
      throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
    }
    pid = spawned
  }

  deinit { stop() }

  /// Writes `lines` to its input at once and closes it (it keeps listening).
  func send(_ lines: [String]) {
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
      guard written > 0 else { break }
      offset += written
    }
    close(input)
    input = -1
  }

  /// Reads what it wrote since the last call and counts the message lines in it.
  func readNewOutput() {
    if reader == nil { reader = FileHandle(forReadingAtPath: outputPath) }
    guard let reader, let data = try? reader.readToEnd(), !data.isEmpty else { return }
    partial += data
    guard let lastEnd = partial.lastIndex(of: UInt8(ascii: "\n")) else { return }
    let complete = String(decoding: partial[...lastEnd], as: UTF8.self)
    partial.removeSubrange(...lastEnd)
    for line in complete.split(separator: "\n") where line.hasPrefix(#"{"type":"message""#) {
      messageLines += 1
    }
  }

  var isRunning: Bool {
    reap()
    return exitStatus == nil
  }

  /// Everything it wrote, and its errors.
  var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
  var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

  /// SIGTERM by its pid, SIGKILL after 5 s; reaped.
  func stop() {
    if input >= 0 {
      close(input)
      input = -1
    }
    guard isRunning else { return }
    kill(pid, SIGTERM)
    let deadline = Date().addingTimeInterval(5)
    while isRunning, Date() < deadline { usleep(10_000) }
    if isRunning {
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
}
