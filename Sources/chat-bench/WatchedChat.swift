import Glibc

/// chat with its standard output on a pipe that the benchmark reads, counting the JSON
/// `message` lines and those marked as history.
final class WatchedChat {
  struct Counts {
    var messages = 0
    var history = 0
    /// When the last message line was read.
    var lastShownAt = Stopwatch.now()
  }

  let pid: pid_t
  private let process: ChildProcess
  private var input: Int32
  private let output: Int32
  private var partial: [UInt8] = []
  private(set) var counts = Counts()

  init(_ chat: String, _ arguments: [String], home: String) throws {
    var toChat: [Int32] = [0, 0]
    var fromChat: [Int32] = [0, 0]
    guard pipe(&toChat) == 0, pipe(&fromChat) == 0 else { throw SpawnFailure(program: chat) }
    for descriptor in [toChat[1], fromChat[0]] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    guard
      let process = ChildProcess(
        chat, arguments, environment: ["HOME=\(home)", "PATH=/usr/bin:/bin"],
        streams: .descriptors(input: toChat[0], output: fromChat[1]))
    else { throw SpawnFailure(program: chat) }
    close(toChat[0])
    close(fromChat[1])
    self.process = process
    pid = process.pid
    input = toChat[1]
    output = fromChat[0]
  }

  /// Reads chat's output until `done` holds for the counts (it is asked after every read and
  /// at least every 50 ms), or `limit` seconds pass.
  func pump(until done: (Counts) -> Bool, limit: Double) {
    let deadline = Stopwatch.now() + limit
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while Stopwatch.now() < deadline, !done(counts) {
      var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) >= 0 else { return }
      guard descriptor.revents != 0 else { continue }
      let count = read(output, &buffer, buffer.count)
      guard count > 0 else { return }
      scan(buffer[..<count])
    }
  }

  private func scan(_ bytes: ArraySlice<UInt8>) {
    var start = bytes.startIndex
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      let line = partial + bytes[start..<index]
      partial = []
      start = index + 1
      let text = String(decoding: line, as: UTF8.self)
      guard text.hasPrefix(#"{"type":"message""#) else { continue }
      counts.messages += 1
      if text.contains(#""history":true"#) { counts.history += 1 }
      counts.lastShownAt = Stopwatch.now()
    }
    partial += bytes[start...]
  }

  func closeInput() {
    if input >= 0 { close(input) }
    input = -1
    _ = process.waitForExit(within: 10)
  }

  func stop() {
    closeInput()
    process.stop()
    close(output)
  }
}
