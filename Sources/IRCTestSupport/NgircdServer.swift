import Glibc

/// An ngircd the test starts in a temporary directory on a free loopback port, and stops.
/// It offers `multi-prefix` only: no echo-message, no tags, no labels.
///
/// Used exactly like `InspIRCdServer`: `let server = try NgircdServer.start()`,
/// `defer { server.stop() }`. ngircd registers at once (no one-second tick).
public final class NgircdServer {
  /// What the server is set up with.
  public struct Configuration: Sendable {
    public var serverName = "ngircd.test"
    /// `unlimited` sets `MaxPenaltyTime = 0` (no fake lag); `ngircdDefaults` keeps ngircd's.
    public var unlimited = true
    public init() {}
  }

  public let configuration: Configuration
  public let directory: TemporaryDirectory
  /// Seconds the last `start()` took until the server was listening.
  public private(set) var startSeconds: Double = 0
  private let clientPort: ReservedPort
  private var process: ChildProcess?
  private var logOffset = 0

  /// The client port.
  public var port: UInt16 { clientPort.number }
  public var name: String { configuration.serverName }
  /// The running server's pid, nil when stopped.
  public var pid: pid_t? { process.flatMap { $0.hasExited ? nil : $0.pid } }
  public var isRunning: Bool { pid != nil }
  /// Everything the server printed (all runs).
  public var log: String { directory.read("ngircd.log") }

  /// Prepares a server without starting it.
  public init(_ configuration: Configuration = Configuration()) throws {
    _ = try ServerRequirement.ngircd.requireExecutable()
    self.configuration = configuration
    directory = try TemporaryDirectory(prefix: "chat-ngircd")
    clientPort = try ReservedPort()
  }

  deinit {
    stop()
    directory.remove()
  }

  /// Prepares and starts a server.
  public static func start(_ configuration: Configuration = Configuration()) throws -> NgircdServer
  {
    let server = try NgircdServer(configuration)
    try server.start()
    return server
  }

  /// Writes the config and starts ngircd, waiting until it listens; retries on a taken port.
  public func start(timeout: Double = 15) throws {
    guard !isRunning else { return }
    let executable = try ServerRequirement.ngircd.requireExecutable()
    let started = ContinuousClock.now
    for attempt in 1...3 {
      // No PidFile: as root ngircd drops to "nobody", who cannot write in the 0700 directory;
      // the pid is known anyway. The MOTD is a phrase for the same reason.
      let text = """
        [Global]
        Name = \(name)
        Info = chat test server
        Listen = 127.0.0.1
        Ports = \(port)
        MotdPhrase = chat test server
        [Limits]
        MaxConnectionsIP = 0
        MaxNickLength = 30
        PingTimeout = 120
        \(configuration.unlimited ? "MaxPenaltyTime = 0" : "")
        [Options]
        DNS = no
        Ident = no
        PAM = no
        [Operator]
        Name = \(InspIRCdConfiguration.operName)
        Password = \(InspIRCdConfiguration.operPassword)

        """
      let configPath = try directory.write(text, to: "ngircd.conf")
      logOffset = log.utf8.count
      let child = try ChildProcess.spawn(
        executable, arguments: ["--nodaemon", "--config", configPath], directory: directory.path,
        streams: .log(directory.file("ngircd.log")))
      process = child
      let deadline = Deadline(seconds: timeout)
      var nap: UInt32 = 500
      while !deadline.hasPassed {
        let output = String(log.utf8.dropFirst(logOffset)) ?? ""
        if output.contains("ready.") && PortProbe.accepts(port: port) {
          startSeconds = (ContinuousClock.now - started).seconds
          return
        }
        if child.hasExited { break }
        usleep(nap)
        nap = min(nap * 2, 10_000)
      }
      child.stop(signal: SIGKILL)
      let output = String(log.utf8.dropFirst(logOffset)) ?? ""
      // "Can't bind socket ... Address already in use", then "isn't listening on a single port".
      if output.contains("single port") && attempt < 3 {
        try clientPort.renew()
        continue
      }
      if deadline.hasPassed {
        throw TestServerError.timedOut(waitingFor: "ngircd to listen", log: log)
      }
      throw TestServerError.startFailed(server: "ngircd", log: log)
    }
  }

  /// Stops the server by its pid (SIGTERM, then SIGKILL after 5 s) and reaps it. Idempotent.
  public func stop() { process?.stop(signal: SIGTERM, grace: 5) }

  /// Kills the server by its pid with SIGKILL and reaps it.
  public func kill() { process?.stop(signal: SIGKILL) }

  /// Stops the server if running and starts it again on the same port.
  public func restart(timeout: Double = 15) throws {
    stop()
    try start(timeout: timeout)
  }
}
