import Glibc

/// An InspIRCd the test starts in a temporary directory on free loopback ports, and stops.
///
/// ```swift
/// let server = try InspIRCdServer.start()
/// defer { server.stop() }
/// let client = try RawIRCClient.connect(port: server.port)
/// ```
///
/// `stop()` is idempotent and safe in a `defer` whatever happened; it sends SIGTERM to the
/// server's own pid and reaps it, ignoring the exit status (with `ssl_gnutls` loaded InspIRCd
/// 3.15 segfaults on SIGTERM; core files are off). Registration completes only on InspIRCd's
/// one-second tick: `001` comes up to about a second after `CAP END`.
public final class InspIRCdServer {
  public let configuration: InspIRCdConfiguration
  /// The config, log and pid files, and the working directory.
  public let directory: TemporaryDirectory
  /// Seconds the last `start()` took until the server was listening.
  public private(set) var startSeconds: Double = 0

  private let clientPort: ReservedPort
  private let linkPort: ReservedPort
  private let tlsPortReservations: [(String, ReservedPort)]
  private var peers: [(name: String, port: ReservedPort)] = []
  private var process: ChildProcess?
  private var logOffset = 0

  /// The plaintext client port.
  public var port: UInt16 { clientPort.number }
  /// The port servers and services link to.
  public var serverLinkPort: UInt16 { linkPort.number }
  /// The TLS port for each identity in `configuration.tlsIdentities`, by identity name.
  public var tlsPorts: [String: UInt16] {
    Dictionary(uniqueKeysWithValues: tlsPortReservations.map { ($0.0, $0.1.number) })
  }
  /// The TLS port of the first identity.
  public var tlsPort: UInt16? { tlsPortReservations.first?.1.number }
  /// The server's name.
  public var name: String { configuration.serverName }
  /// The running server's pid, nil when stopped.
  public var pid: pid_t? { process.flatMap { $0.hasExited ? nil : $0.pid } }
  /// Whether the server process is running.
  public var isRunning: Bool { pid != nil }
  /// Everything the server printed (all runs).
  public var log: String { directory.read("inspircd.log") }

  /// Prepares a server (directory, reserved ports) without starting it; `start()` starts it.
  public init(_ configuration: InspIRCdConfiguration = InspIRCdConfiguration()) throws {
    _ = try ServerRequirement.inspircd.requireExecutable()
    self.configuration = configuration
    directory = try TemporaryDirectory(prefix: "chat-inspircd")
    clientPort = try ReservedPort()
    linkPort = try ReservedPort()
    tlsPortReservations = try configuration.tlsIdentities.map { ($0.name, try ReservedPort()) }
  }

  deinit {
    stop()
    directory.remove()
  }

  /// Prepares and starts a server.
  public static func start(_ configuration: InspIRCdConfiguration = InspIRCdConfiguration()) throws
    -> InspIRCdServer
  {
    let server = try InspIRCdServer(configuration)
    try server.start()
    return server
  }

  /// Lets `self` and `other` link (each gets a `<link>` block for the other). Call before
  /// starting either; then `link(to:)` connects them.
  public func allowLink(with other: InspIRCdServer) {
    peers.append((other.name, other.linkPort))
    other.peers.append((name, linkPort))
  }

  /// Writes the config and starts the server, waiting (up to `timeout` seconds) until it
  /// listens. A port taken in the meantime is replaced and the start retried (three times).
  public func start(timeout: Double = 15) throws {
    guard !isRunning else { return }
    let executable = try ServerRequirement.inspircd.requireExecutable()
    let started = ContinuousClock.now
    for attempt in 1...3 {
      let text = configuration.render(
        directory: directory, clientPort: clientPort.number,
        tlsPorts: tlsPortReservations.map { ($0.0, $0.1.number) }, linkPort: linkPort.number,
        peers: peers.map { ($0.name, $0.port.number) })
      let configPath = try directory.write(text, to: "inspircd.conf")
      logOffset = log.utf8.count
      var arguments = ["--config", configPath, "--nofork"]
      if geteuid() == 0 { arguments.append("--runasroot") }
      let child = try ChildProcess.spawn(
        executable, arguments: arguments, directory: directory.path,
        streams: .log(directory.file("inspircd.log")))
      process = child
      let outcome = waitForStartup(child, Deadline(seconds: timeout))
      switch outcome {
      case .running:
        startSeconds = (ContinuousClock.now - started).seconds
        return
      case .portTaken where attempt < 3:
        child.stop(signal: SIGKILL)
        try clientPort.renew()
        try linkPort.renew()
        for (_, reservation) in tlsPortReservations { try reservation.renew() }
      case .portTaken, .exited:
        child.stop(signal: SIGKILL)
        throw TestServerError.startFailed(server: "inspircd \(name)", log: log)
      case .timedOut:
        child.stop(signal: SIGKILL)
        throw TestServerError.timedOut(waitingFor: "inspircd \(name) to listen", log: log)
      }
    }
  }

  /// Stops the server by its pid (SIGTERM, then SIGKILL after 5 s) and reaps it. Idempotent.
  public func stop() {
    process?.stop(signal: SIGTERM, grace: 5)
  }

  /// Kills the server by its pid with SIGKILL (a crash, for reconnect tests) and reaps it.
  public func kill() {
    process?.stop(signal: SIGKILL)
  }

  /// Stops the server if running and starts it again on the same ports.
  public func restart(timeout: Double = 15) throws {
    stop()
    try start(timeout: timeout)
  }

  private enum Startup { case running, portTaken, exited, timedOut }

  private func waitForStartup(_ child: ChildProcess, _ deadline: Deadline) -> Startup {
    var nap: UInt32 = 500
    while !deadline.hasPassed {
      let output = String(log.utf8.dropFirst(logOffset)) ?? ""
      // InspIRCd reports every failed <bind> before "now running", and keeps running.
      if output.contains("listeners failed to bind") { return .portTaken }
      if output.contains("InspIRCd is now running") {
        return PortProbe.accepts(port: clientPort.number) ? .running : .portTaken
      }
      if child.hasExited { return output.contains("Address already in use") ? .portTaken : .exited }
      usleep(nap)
      nap = min(nap * 2, 10_000)
    }
    return .timedOut
  }
}

/// Whether something accepts connections on a loopback port.
enum PortProbe {
  static func accepts(port: UInt16) -> Bool {
    guard let client = try? RawIRCClient.connect(port: port, timeout: 2) else { return false }
    client.close()
    return true
  }
}
