import Foundation
import IRCTestSupport

/// One program receiving the benchmark's channel: how it was started, what it has shown so
/// far (each message's first sighting, by sequence number) and why it failed, if it did.
///
/// Its output is read continuously, as a terminal emulator or a reader of the pipe would:
/// `read(at:)` whenever `descriptor` is readable, `readLog(at:)` on every turn for a log file.
final class Receiver {
  let kind: ReceiverKind
  /// Why it is not measured: the program is missing, did not start, join, or finish.
  private(set) var failure: String?
  /// When each message was first seen, by sequence number (`nil`: not yet).
  private(set) var seen: [Double?]
  private(set) var seenCount = 0
  /// Its figures when the flood started and after it had been received.
  var before: ProcessStats?
  var after: ProcessStats?

  var process: ChildProcess?
  var terminal: PseudoTerminal?
  /// What to poll: the terminal's master side, the stdout pipe or the socket.
  var descriptor: Int32 = -1
  /// chat's standard input when piped, held open so that it keeps listening.
  var heldInput: Int32 = -1
  /// The log file watched instead of a descriptor (WeeChat).
  var logPath: String?
  var raw: RawIRCClient?
  let home: TemporaryDirectory
  private var logDescriptor: Int32 = -1
  private var scanner = SequenceScanner()
  /// The last output, for failure messages.
  private var tail: [UInt8] = []

  init(_ kind: ReceiverKind, messages: Int) throws {
    self.kind = kind
    seen = Array(repeating: nil, count: messages)
    home = try TemporaryDirectory(prefix: "chat-bench-\(kind.nick)")
  }

  deinit { stop() }

  /// The program's pid, while there is one.
  var pid: pid_t? { process?.pid }
  var isActive: Bool { failure == nil }

  /// Whether message `sequence` has been seen.
  func hasSeen(_ sequence: Int) -> Bool { seen[sequence] != nil }

  /// Marks the receiver failed (the first reason wins), with the end of its output.
  func fail(_ reason: String) {
    guard failure == nil else { return }
    let last = lastOutputLine
    failure = last.isEmpty ? reason : "\(reason): \(last)"
  }

  /// Fails the receiver if its program has exited; returns whether it is still running.
  @discardableResult
  func checkRunning() -> Bool {
    guard let process else { return raw != nil && raw?.isClosed == false }
    guard process.hasExited else { return true }
    let status = process.status ?? 0
    let how =
      status & 0x7F == 0
      ? "exited with status \((status >> 8) & 0xFF)" : "killed by signal \(status & 0x7F)"
    fail(how)
    return false
  }

  /// Reads what `descriptor` has; fails the receiver at the end of its output.
  func read(at now: Double) {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
    guard count > 0 else {
      checkRunning()
      fail("its output ended")
      return
    }
    take(buffer[..<count], at: now)
  }

  /// Reads what has been appended to the log file since the last call.
  func readLog(at now: Double) {
    guard let logPath else { return }
    if logDescriptor < 0 {
      logDescriptor = open(logPath, O_RDONLY | O_CLOEXEC)
      guard logDescriptor >= 0 else { return }
    }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(logDescriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 else { return }
      take(buffer[..<count], at: now)
    }
  }

  /// Stops the program by its pid and closes everything. Idempotent.
  func stop() {
    process?.stop()
    raw?.close()
    // The pty's master is closed by `terminal`, the socket by `raw`: only a pipe is ours.
    let pipe = terminal == nil && raw == nil ? descriptor : -1
    for descriptor in [pipe, heldInput, logDescriptor] where descriptor >= 0 {
      close(descriptor)
    }
    descriptor = -1
    heldInput = -1
    logDescriptor = -1
    terminal = nil
    home.remove()
  }

  private func take(_ bytes: ArraySlice<UInt8>, at now: Double) {
    bytes.withUnsafeBytes { chunk in
      scanner.feed(chunk) { sequence in
        guard sequence < seen.count, seen[sequence] == nil else { return }
        seen[sequence] = now
        seenCount += 1
      }
    }
    tail.append(contentsOf: bytes.suffix(2048))
    if tail.count > 4096 { tail.removeFirst(tail.count - 2048) }
  }

  /// The last lines of text it wrote (escape sequences dropped), or of its error file.
  private var lastOutputLine: String {
    let errors = home.read("stderr")
    let source = errors.isEmpty ? String(decoding: tail, as: UTF8.self) : errors
    let text = source.replacingOccurrences(
      of: "\u{1B}\\[[0-9;?]*[A-Za-z]|\u{1B}[()][A-Z0-9]|\u{1B}.", with: " ",
      options: .regularExpression)
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return String(lines.filter { !$0.isEmpty }.suffix(2).joined(separator: " / ").prefix(200))
  }
}
