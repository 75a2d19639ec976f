import Glibc

/// An Ergo (the IRCv3 reference server) the test starts in a temporary directory on a free
/// loopback port, and stops by its pid.
///
/// Used like `InspIRCdServer`: `let server = try ErgoServer.start()`, `defer { server.stop() }`.
/// The binary is `CHAT_ERGO`'s (`ServerRequirement.ergo`). Ergo offers nearly every IRCv3
/// capability (`draft/chathistory`, `draft/multiline`, `draft/read-marker`, MONITOR, WHOX,
/// ...), keeps its history in memory, registers accounts itself (no services daemon) and lets
/// several connections share one account. It registers clients at once and listens within
/// milliseconds of starting.
public final class ErgoServer {
  /// What the server is set up with; the defaults suit a test (no flood limits, no
  /// connection limits per address, history on and fetched only with `CHATHISTORY`).
  public struct Configuration: Sendable {
    public var serverName = "ergo.test"
    public var networkName = "ErgoTest"
    /// `ascii` (Ergo's default) or `precis`.
    public var caseMapping = "ascii"
    /// Ergo's fake lag: off for floods; on, the third line in a second waits about 0.5 s.
    public var fakeLag = false
    /// Whether history is kept (in memory), and how many lines one `CHATHISTORY` returns.
    public var history = true
    public var chathistoryMaxMessages = 1000
    /// Lines replayed on `JOIN` without asking; 0: none (clients ask with `CHATHISTORY`).
    public var autoreplayOnJoin = 0
    /// The `draft/multiline` limits advertised.
    public var multilineMaxBytes = 4096
    public var multilineMaxLines = 100
    /// Whether clients may register accounts (`REGISTER`, `NickServ REGISTER`).
    public var accountRegistration = true
    /// Whether connections that logged into one account share it, as a bouncer does, and
    /// whether an account may stay on with no connection (`opt-in`, `opt-out`, `mandatory`,
    /// `disabled`).
    public var multiclient = true
    public var alwaysOn = "opt-in"
    /// `NICKLEN` and `MONITOR` limits.
    public var nickLength = 32
    public var monitorEntries = 100
    /// A TLS listener too, with this certificate and key (PEM files), on `tlsPort`.
    public var tlsCertificate: (certificate: String, key: String)?
    /// Lines appended under the top level of the configuration, for what no setting covers.
    public var extraConfiguration = ""
    public init() {}
  }

  /// The operator every Ergo of the tests knows: `OPER tester operpass`, as on InspIRCd.
  public static let operName = InspIRCdConfiguration.operName
  public static let operPassword = InspIRCdConfiguration.operPassword
  /// `ergo genpasswd` of `operPassword` (bcrypt, cost 4).
  static let operPasswordHash = "$2a$04$6/.4cCEzn54PbMyUm0Vk.eynt0ve9eHV2h3WMeCn8lK645DVCGd/a"

  public let configuration: Configuration
  public let directory: TemporaryDirectory
  /// Seconds the last `start()` took until the server was listening.
  public private(set) var startSeconds: Double = 0
  private let clientPort: ReservedPort
  private let tlsReservation: ReservedPort?
  private var process: ChildProcess?
  private var logOffset = 0

  /// The plaintext client port.
  public var port: UInt16 { clientPort.number }
  /// The TLS client port, when the configuration has a certificate.
  public var tlsPort: UInt16? { tlsReservation?.number }
  public var name: String { configuration.serverName }
  /// The running server's pid, nil when stopped.
  public var pid: pid_t? { process.flatMap { $0.hasExited ? nil : $0.pid } }
  public var isRunning: Bool { pid != nil }
  /// Everything the server printed (all runs).
  public var log: String { directory.read("ergo.log") }

  /// Prepares a server without starting it: its configuration written, its database made.
  public init(_ configuration: Configuration = Configuration()) throws {
    _ = try ServerRequirement.ergo.requireExecutable()
    self.configuration = configuration
    directory = try TemporaryDirectory(prefix: "chat-ergo")
    clientPort = try ReservedPort()
    tlsReservation = configuration.tlsCertificate == nil ? nil : try ReservedPort()
  }

  deinit {
    stop()
    directory.remove()
  }

  /// Prepares and starts a server.
  public static func start(_ configuration: Configuration = Configuration()) throws -> ErgoServer {
    let server = try ErgoServer(configuration)
    try server.start()
    return server
  }

  /// Writes the configuration, makes the database on the first start, and starts Ergo,
  /// waiting until it listens; retries on a taken port.
  public func start(timeout: Double = 15) throws {
    guard !isRunning else { return }
    let executable = try ServerRequirement.ergo.requireExecutable()
    let started = ContinuousClock.now
    for attempt in 1...3 {
      let configPath = try directory.write(configurationText(), to: "ircd.yaml")
      if access(directory.file("ircd.db"), F_OK) != 0 {
        let initdb = try ChildProcess.spawn(
          executable, arguments: ["initdb", "--conf", configPath, "--quiet"],
          directory: directory.path, streams: .log(directory.file("ergo.log")))
        // Its exit status may be lost to the test runner's reaping: the database tells.
        guard initdb.waitForExit(Deadline(seconds: timeout)),
          access(directory.file("ircd.db"), F_OK) == 0
        else {
          initdb.stop(signal: SIGKILL)
          throw TestServerError.startFailed(server: "ergo initdb", log: log)
        }
      }
      logOffset = log.utf8.count
      let child = try ChildProcess.spawn(
        executable, arguments: ["run", "--conf", configPath], directory: directory.path,
        streams: .log(directory.file("ergo.log")))
      process = child
      let deadline = Deadline(seconds: timeout)
      var nap: UInt32 = 500
      while !deadline.hasPassed {
        let output = String(log.utf8.dropFirst(logOffset)) ?? ""
        if output.contains("Server running") && PortProbe.accepts(port: port) {
          startSeconds = (ContinuousClock.now - started).seconds
          return
        }
        if child.hasExited { break }
        usleep(nap)
        nap = min(nap * 2, 10_000)
      }
      child.stop(signal: SIGKILL)
      let output = String(log.utf8.dropFirst(logOffset)) ?? ""
      if output.contains("address already in use") && attempt < 3 {
        try clientPort.renew()
        try tlsReservation?.renew()
        continue
      }
      if deadline.hasPassed {
        throw TestServerError.timedOut(waitingFor: "ergo to listen", log: log)
      }
      throw TestServerError.startFailed(server: "ergo", log: log)
    }
  }

  /// Stops the server by its pid (SIGTERM, then SIGKILL after 5 s) and reaps it. Idempotent.
  public func stop() { process?.stop(signal: SIGTERM, grace: 5) }

  /// Kills the server by its pid with SIGKILL and reaps it.
  public func kill() { process?.stop(signal: SIGKILL) }

  /// Stops the server if running and starts it again on the same port. History kept in
  /// memory is gone; accounts (in the database) stay.
  public func restart(timeout: Double = 15) throws {
    stop()
    try start(timeout: timeout)
  }

  /// The configuration file: only the keys a test needs (Ergo takes its defaults for the
  /// rest). Every key is explained in Ergo's own `default.yaml`.
  func configurationText() -> String {
    let c = configuration
    var tls = ""
    if let certificate = c.tlsCertificate, let tlsPort {
      tls = """
                "127.0.0.1:\(tlsPort)":
                    tls:
                        cert: "\(certificate.certificate)"
                        key: "\(certificate.key)"

        """
    }
    return """
      network:
          name: \(c.networkName)
      server:
          name: \(c.serverName)
          listeners:
              "127.0.0.1:\(port)":
      \(tls)    casemapping: "\(c.caseMapping)"
          enforce-utf8: true
          max-sendq: 16M
          lookup-hostnames: false
          check-ident: false
          ip-limits:
              count: false
              throttle: false
      accounts:
          authentication-enabled: true
          registration:
              enabled: \(c.accountRegistration)
              allow-before-connect: true
              bcrypt-cost: 4
              throttling:
                  enabled: false
              email-verification:
                  enabled: false
          multiclient:
              enabled: \(c.multiclient)
              allowed-by-default: true
              always-on: "\(c.alwaysOn)"
          nick-reservation:
              enabled: true
              method: strict
      channels:
          default-modes: +nt
          registration:
              enabled: true
      oper-classes:
          "admin":
              title: Admin
              capabilities: ["kill", "ban", "nofakelag", "sajoin", "samode", "rehash", "accreg", "chanreg", "history", "massmessage"]
      opers:
          \(Self.operName):
              class: "admin"
              password: "\(Self.operPasswordHash)"
      datastore:
          path: ircd.db
      languages:
          enabled: false
      limits:
          nicklen: \(c.nickLength)
          identlen: 20
          channellen: 64
          awaylen: 390
          kicklen: 390
          topiclen: 390
          monitor-entries: \(c.monitorEntries)
          whowas-entries: 100
          chan-list-modes: 60
          registration-messages: 1024
          multiline:
              max-bytes: \(c.multilineMaxBytes)
              max-lines: \(c.multilineMaxLines)
      fakelag:
          enabled: \(c.fakeLag)
      history:
          enabled: \(c.history)
          channel-length: 2048
          client-length: 256
          autoresize-window: 3d
          autoreplay-on-join: \(c.autoreplayOnJoin)
          chathistory-maxmessages: \(c.chathistoryMaxMessages)
          znc-maxmessages: 2048
          restrictions:
              expire-time: 1w
              query-cutoff: 'none'
              grace-period: 1h
          persistent:
              enabled: false
          tagmsg-storage:
              default: false
              whitelist: ["+draft/react", "+react"]
      logging:
          -
              method: stderr
              type: "* -userinput -useroutput"
              level: info
      lock-file: "ircd.lock"
      \(c.extraConfiguration)

      """
  }
}
