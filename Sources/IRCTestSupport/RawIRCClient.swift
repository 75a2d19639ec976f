import Glibc

/// A small blocking IRC client for tests: every read waits with `poll` and a deadline, every
/// buffer is bounded, so a test using it can fail but never hang.
///
/// ```swift
/// let alice = try RawIRCClient.connect(port: server.port)
/// defer { alice.close() }
/// try alice.register(nick: "alice", capabilities: ["echo-message"])
/// try alice.send("JOIN #chat")
/// try alice.waitFor("JOIN echo") { $0.command == "JOIN" }
/// ```
///
/// `waitFor` consumes lines up to and including the match; everything read stays in
/// `history` (the last `historyLimit` lines). `PING`s are answered on the way.
public final class RawIRCClient {
  /// What went wrong while talking to the server.
  public enum Failure: Error, CustomStringConvertible {
    case connectFailed(port: UInt16, errno: Int32)
    case timedOut(waitingFor: String, seconds: Double, recent: [String])
    case closed(waitingFor: String, recent: [String])
    case lineTooLong(bytes: Int)
    case writeFailed(errno: Int32)

    public var description: String {
      switch self {
      case .connectFailed(let port, let errno):
        return "could not connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))"
      case .timedOut(let what, let seconds, let recent):
        return "no \(what) within \(seconds) s; last lines:\n" + recent.joined(separator: "\n")
      case .closed(let what, let recent):
        return "connection closed while waiting for \(what); last lines:\n"
          + recent.joined(separator: "\n")
      case .lineTooLong(let bytes):
        return "the server sent \(bytes) bytes without a line end"
      case .writeFailed(let errno):
        return "write failed: \(String(cString: strerror(errno)))"
      }
    }
  }

  /// Longest line accepted (the longest legal line is 8191 bytes of tags plus 512).
  public static let maximumLineBytes = 65_536
  /// How many lines `history` keeps.
  public static let historyLimit = 20_000

  /// The port connected to.
  public let port: UInt16
  /// Seconds a `waitFor` without its own timeout waits.
  public var timeout: Double = 10
  /// Whether `PING` is answered with `PONG` while reading.
  public var answersPings = true
  /// The nick registered with, once `register` succeeded.
  public internal(set) var nick: String?
  /// Recent lines read, oldest first.
  public private(set) var history: [IRCLine] = []

  private let readDescriptor: Int32
  private let writeDescriptor: Int32
  private let helper: ChildProcess?
  private var buffer: [UInt8] = []
  private var unread: [IRCLine] = []
  private var endOfStream = false
  public private(set) var isClosed = false

  init(port: UInt16, read: Int32, write: Int32, helper: ChildProcess? = nil) {
    self.port = port
    readDescriptor = read
    writeDescriptor = write
    self.helper = helper
  }

  deinit { close() }

  /// Connects to 127.0.0.1:`port` within `timeout` seconds.
  public static func connect(port: UInt16, timeout: Double = 5) throws -> RawIRCClient {
    let socket = try LoopbackSocket.connect(port: port, timeout: timeout)
    return RawIRCClient(port: port, read: socket, write: socket)
  }

  /// Sends `line` followed by CR LF.
  public func send(_ line: String) throws {
    try sendBytes(Array(line.utf8) + [13, 10])
  }

  /// Sends bytes exactly as given (no line end added), within `timeout` seconds.
  public func sendBytes(_ bytes: [UInt8]) throws {
    let deadline = Deadline(seconds: timeout)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(writeDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == ENOTSOCK {
        // The TLS helper's pipe.
        let piped = bytes[offset...].withUnsafeBytes {
          write(writeDescriptor, $0.baseAddress, $0.count)
        }
        guard piped > 0 else { throw Failure.writeFailed(errno: errno) }
        offset += piped
      } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
        guard !deadline.hasPassed else { throw Failure.writeFailed(errno: ETIMEDOUT) }
        var entry = pollfd(fd: writeDescriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, deadline.pollMilliseconds())
      } else {
        throw Failure.writeFailed(errno: errno)
      }
    }
  }

  /// The next line within `seconds`, nil at the deadline; throws once the stream has ended.
  public func nextLine(within seconds: Double, waitingFor what: String = "a line") throws
    -> IRCLine?
  {
    if !unread.isEmpty { return unread.removeFirst() }
    let deadline = Deadline(seconds: seconds)
    while true {
      if let line = try takeBufferedLine() { return line }
      if endOfStream { throw Failure.closed(waitingFor: what, recent: recent) }
      if deadline.hasPassed { return nil }
      try fill(deadline)
    }
  }

  /// Reads until a line satisfies `predicate` (consuming it and the lines before it), within
  /// `timeout` seconds (the client's `timeout` by default). `what` names it in the failure.
  @discardableResult
  public func waitFor(
    _ what: String, timeout seconds: Double? = nil, where predicate: (IRCLine) -> Bool
  ) throws -> IRCLine {
    let limit = seconds ?? timeout
    let deadline = Deadline(seconds: limit)
    while true {
      let left = Double(deadline.pollMilliseconds(cap: Int32.max)) / 1000
      guard let line = try nextLine(within: left, waitingFor: what) else {
        throw Failure.timedOut(waitingFor: what, seconds: limit, recent: recent)
      }
      if predicate(line) { return line }
      if deadline.hasPassed {
        throw Failure.timedOut(waitingFor: what, seconds: limit, recent: recent)
      }
    }
  }

  /// Waits for a line whose command (or numeric) is one of `commands`.
  @discardableResult
  public func waitFor(command commands: String..., timeout seconds: Double? = nil) throws -> IRCLine
  {
    try waitFor(commands.joined(separator: " or "), timeout: seconds) {
      commands.contains($0.command)
    }
  }

  /// Joins `channels` (one name, or several comma-separated) and waits for the end of the
  /// names list (366) that the server sends once the join is done.
  public func join(_ channels: String) throws {
    try send("JOIN " + channels)
    try waitFor(command: "366")
  }

  /// Connects to `port`, registers as `nick` and joins `channels`: the watcher that server
  /// tests put in the channel before chat comes. Closed again if any step fails.
  public static func joined(_ channels: String, as nick: String, port: UInt16) throws
    -> RawIRCClient
  {
    let client = try connect(port: port)
    do {
      try client.register(nick: nick)
      try client.join(channels)
    } catch {
      client.close()
      throw error
    }
    return client
  }

  /// Every line that arrives within `seconds` (at most `limit` of them): for checking that
  /// something did *not* happen, or gathering a burst.
  public func collect(for seconds: Double, limit: Int = 10_000) throws -> [IRCLine] {
    let deadline = Deadline(seconds: seconds)
    var lines: [IRCLine] = []
    while lines.count < limit, !deadline.hasPassed {
      let left = Double(deadline.pollMilliseconds(cap: Int32.max)) / 1000
      do {
        guard let line = try nextLine(within: left) else { break }
        lines.append(line)
      } catch Failure.closed {
        break
      }
    }
    return lines
  }

  /// Puts lines back to be read again first (when a helper read past what a test wants).
  public func unread(_ lines: [IRCLine]) { unread.insert(contentsOf: lines, at: 0) }

  /// Closes the connection (and stops the TLS helper by its pid). Idempotent.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    Glibc.close(readDescriptor)
    if writeDescriptor != readDescriptor { Glibc.close(writeDescriptor) }
    helper?.stop(signal: SIGTERM, grace: 2)
  }

  /// The socket, for a caller that reads it in its own `poll` loop (a benchmark watching many
  /// connections at once). Bytes this client has already read are not in it any more.
  public var descriptor: Int32 { readDescriptor }

  /// The last few raw lines, for failure messages.
  public var recent: [String] { history.suffix(15).map(\.raw) }

  private func takeBufferedLine() throws -> IRCLine? {
    guard let newline = buffer.firstIndex(of: 10) else {
      if buffer.count > Self.maximumLineBytes { throw Failure.lineTooLong(bytes: buffer.count) }
      return nil
    }
    var end = newline
    if end > 0 && buffer[end - 1] == 13 { end -= 1 }
    let line = IRCLine(String(decoding: buffer[..<end], as: UTF8.self))
    buffer.removeSubrange(...newline)
    history.append(line)
    if history.count > Self.historyLimit {
      history.removeFirst(history.count - Self.historyLimit / 2)
    }
    if answersPings && line.command == "PING" {
      try? send("PONG :\(line.trailing ?? "")")
    }
    return line
  }

  private func fill(_ deadline: Deadline) throws {
    var entry = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, deadline.pollMilliseconds()) > 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    let count = chunk.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      buffer.append(contentsOf: chunk[..<count])
    } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
      endOfStream = true
    }
  }
}
