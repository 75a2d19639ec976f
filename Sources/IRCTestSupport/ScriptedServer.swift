import Foundation
import Glibc
import Synchronization

/// A hostile IRC server on a loopback port: it accepts a client, does just enough registration
/// to get `001` out (or none, if told so), then plays a script to it.
///
/// ```swift
/// let server = try ScriptedServer { connection in
///   try connection.send(bytes: Array(repeating: 0x41, count: 1 << 20))  // no line end
/// }
/// defer { server.stop() }
/// // chat connects to server.port ...
/// ```
///
/// The script runs on the server's own thread, once per accepted connection up to
/// `connections`; later connections are accepted and closed at once, as a server that went
/// down. Every wait and write is bounded by a deadline and by `stop()`, which ends the thread
/// within a second. What the client sends is kept (at most `ScriptedConnection.lineCap`
/// lines) so a test can count its answers while the script still runs.
public final class ScriptedServer: Sendable {
  /// How far the server goes before the script starts.
  public enum Registration: Sendable {
    /// Answers `CAP LS` with no capabilities and sends `001` once `NICK` and `USER` came.
    case welcome
    /// Sends nothing: the script starts as soon as the connection is accepted.
    case none
  }

  /// The port clients connect to, on 127.0.0.1.
  public let port: UInt16
  private let listener: Int32
  private let state = Mutex(State())

  struct State {
    var stopping = false
    var connections: [ScriptedConnection] = []
    var accepted = 0
    var failures: [String] = []
    var finished = false
  }

  /// Starts listening and serving; `script` plays on each of the first `connections`
  /// connections, after `registration`.
  public init(
    registration: Registration = .welcome, connections: Int = 1,
    _ script: @escaping @Sendable (ScriptedConnection) throws -> Void
  ) throws {
    (listener, port) = try LoopbackSocket.listen()
    let started = Thread { [self] in
      serve(registration: registration, connections: connections, script: script)
    }
    started.name = "ScriptedServer \(port)"
    started.start()
  }

  deinit {
    stop()
  }

  /// The connections the script played on, oldest first.
  public var connections: [ScriptedConnection] { state.withLock { $0.connections } }

  /// What went wrong in scripts (a deadline that passed, a write refused), in order.
  public var failures: [String] { state.withLock { $0.failures } }

  /// Stops serving: the script's waits and writes end, every connection and the listener
  /// close; returns once the thread is done (at most about a second).
  public func stop() {
    let alreadyStopping = state.withLock { state in
      defer { state.stopping = true }
      return state.stopping
    }
    let deadline = Deadline(seconds: 5)
    while !state.withLock({ $0.finished }), !deadline.hasPassed { usleep(5_000) }
    if !alreadyStopping { close(listener) }
  }

  var isStopping: Bool { state.withLock { $0.stopping } }

  private func serve(
    registration: Registration, connections: Int,
    script: @Sendable (ScriptedConnection) throws -> Void
  ) {
    defer { state.withLock { $0.finished = true } }
    while !isStopping {
      var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let number = state.withLock { state in
        state.accepted += 1
        return state.accepted
      }
      guard number <= connections else {
        close(client)
        continue
      }
      let connection = ScriptedConnection(descriptor: client, server: self)
      state.withLock { $0.connections.append(connection) }
      do {
        if registration == .welcome { try connection.register() }
        try script(connection)
      } catch {
        state.withLock { $0.failures.append("connection \(number): \(error)") }
      }
      connection.close()
    }
  }
}

/// One client of a `ScriptedServer`, as its script sees it: write lines or raw bytes, wait
/// for what the client sends. Every wait takes a deadline; every write gives up when the
/// client closes or the server stops.
public final class ScriptedConnection: Sendable {
  /// Why a script step could not go on.
  public enum Failure: Error, CustomStringConvertible {
    case timedOut(String)
    case closedByClient
    case serverStopping

    public var description: String {
      switch self {
      case .timedOut(let what): "timed out waiting for \(what)"
      case .closedByClient: "the client closed the connection"
      case .serverStopping: "the server is stopping"
      }
    }
  }

  /// At most this many of the client's lines are kept; later ones are only counted.
  public static let lineCap = 200_000
  /// The server's name, as the source of its numerics.
  public static let serverName = "hostile.test"

  private let descriptor: Int32
  private unowned let server: ScriptedServer
  private let state = Mutex(Received())

  struct Received {
    var partial: [UInt8] = []
    var lines: [IRCLine] = []
    var lineCount = 0
    var closedByClient = false
    var closed = false
    var nick = "chat"
  }

  init(descriptor: Int32, server: ScriptedServer) {
    self.descriptor = descriptor
    self.server = server
  }

  /// The nick the client registered with (its last `NICK`).
  public var nick: String { state.withLock { $0.nick } }

  /// The client's lines so far, oldest first (at most `lineCap`).
  public var lines: [IRCLine] {
    readAvailable()
    return state.withLock { $0.lines }
  }

  /// How many lines the client sent, counting those past `lineCap`.
  public var lineCount: Int {
    readAvailable()
    return state.withLock { $0.lineCount }
  }

  /// Whether the client has closed its side.
  public var isClosedByClient: Bool {
    readAvailable()
    return state.withLock { $0.closedByClient }
  }

  /// Sends `line` and CR LF.
  public func send(_ line: String) throws {
    try send(bytes: Array(line.utf8) + [0x0D, 0x0A])
  }

  /// Sends `lines`, each with CR LF, in as few writes as fit.
  public func send(lines: [String]) throws {
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line.utf8
      bytes += [0x0D, 0x0A]
      if bytes.count >= 64 * 1024 {
        try send(bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    if !bytes.isEmpty { try send(bytes: bytes) }
  }

  /// Sends `bytes` as they are (no line end added), reading what the client sends meanwhile;
  /// gives up after `seconds` of the client not reading.
  public func send(bytes: [UInt8], within seconds: Double = 30) throws {
    let deadline = Deadline(seconds: seconds)
    var offset = 0
    while offset < bytes.count {
      guard !server.isStopping else { throw Failure.serverStopping }
      readAvailable()
      let written = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written > 0 {
        offset += written
        continue
      }
      guard written < 0, errno == EAGAIN || errno == EINTR else { throw Failure.closedByClient }
      guard !deadline.hasPassed else { throw Failure.timedOut("the client to read") }
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT | POLLIN), revents: 0)
      _ = poll(&entry, 1, deadline.pollMilliseconds(cap: 100))
    }
  }

  /// Waits until the client sent a line `matching`, at most `seconds`; returns it.
  @discardableResult
  public func waitForLine(
    _ description: String, within seconds: Double = 20, matching: (IRCLine) -> Bool
  ) throws -> IRCLine {
    let deadline = Deadline(seconds: seconds)
    var checked = 0
    while true {
      let lines = self.lines
      if let found = lines[checked...].first(where: matching) { return found }
      checked = lines.count
      guard !server.isStopping else { throw Failure.serverStopping }
      guard !isClosedByClient else { throw Failure.closedByClient }
      guard !deadline.hasPassed else { throw Failure.timedOut(description) }
      pause(milliseconds: deadline.pollMilliseconds(cap: 100))
    }
  }

  /// Reads what the client sends for `seconds` (or until it closes or the server stops),
  /// sending nothing: a server that has stopped speaking.
  public func listen(for seconds: Double) {
    let deadline = Deadline(seconds: seconds)
    while !deadline.hasPassed, !server.isStopping, !isClosedByClient {
      pause(milliseconds: deadline.pollMilliseconds(cap: 100))
    }
  }

  /// Waits for the client's `JOIN` of `channel` and confirms it, as a server does.
  public func acceptJoin(_ channel: String, within seconds: Double = 20) throws {
    try waitForLine("JOIN \(channel)", within: seconds) {
      $0.command == "JOIN" && $0.parameters.first == channel
    }
    try send(":\(nick)!user@127.0.0.1 JOIN \(channel)")
  }

  /// Registers the client as a server offering `capabilities` would (`CAP LS` answered with
  /// them, whatever it asks for acknowledged, `001`, then a `005` of `isupport` when given)
  /// and confirms its `JOIN` of `channel`: the preamble of the hostile scripts.
  public func registerOffering(
    _ capabilities: String, isupport: String? = nil, joining channel: String
  ) throws {
    let name = ScriptedConnection.serverName
    try waitForLine("CAP LS") { $0.command == "CAP" }
    try send(":\(name) CAP * LS :\(capabilities)")
    let request = try waitForLine("CAP REQ") {
      $0.command == "CAP" && $0.parameters.first == "REQ"
    }
    try send(":\(name) CAP * ACK :\(request.trailing ?? "")")
    try waitForLine("USER") { $0.command == "USER" }
    try send(":\(name) 001 \(nick) :Welcome \(nick)!user@127.0.0.1")
    if let isupport { try send(":\(name) 005 \(nick) \(isupport) :are supported") }
    try acceptJoin(channel)
  }

  /// Closes the connection (once).
  public func close() {
    let first = state.withLock { state in
      defer { state.closed = true }
      return !state.closed
    }
    if first { Glibc.close(descriptor) }
  }

  /// `CAP LS` gets an empty list; once `NICK` and `USER` are in (and `CAP END`, if the
  /// client negotiates), `001` names the nick.
  func register() throws {
    try waitForLine("CAP LS") { $0.command == "CAP" && $0.parameters.first == "LS" }
    try send(":\(Self.serverName) CAP * LS :")
    try waitForLine("USER") { $0.command == "USER" }
    try waitForLine("CAP END") { $0.command == "CAP" && $0.parameters.first == "END" }
    try send(":\(Self.serverName) 001 \(nick) :Welcome to the hostile test \(nick)!user@127.0.0.1")
  }

  /// Waits for the client to send something, at most `milliseconds`.
  private func pause(milliseconds: Int32) {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&entry, 1, milliseconds)
  }

  /// Takes what the client sent so far, without waiting.
  private func readAvailable() {
    state.withLock { state in
      guard !state.closed, !state.closedByClient else { return }
      var chunk = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 || count < 0 && errno != EAGAIN && errno != EINTR {
          state.closedByClient = true
          return
        }
        guard count > 0 else { return }
        Self.take(chunk[..<count], into: &state)
      }
    }
  }

  private static func take(_ bytes: ArraySlice<UInt8>, into state: inout Received) {
    for byte in bytes {
      guard byte == 0x0A else {
        if state.partial.count < 64 * 1024 { state.partial.append(byte) }
        continue
      }
      if state.partial.last == 0x0D { state.partial.removeLast() }
      let line = IRCLine(String(decoding: state.partial, as: UTF8.self))
      state.partial.removeAll(keepingCapacity: true)
      state.lineCount += 1
      if line.command == "NICK", let nick = line.parameters.first { state.nick = nick }
      if state.lines.count < lineCap { state.lines.append(line) }
    }
  }
}
