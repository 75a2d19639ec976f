import Glibc

/// Atheme services linked to an `InspIRCdServer` started with `services = true`: NickServ
/// (REGISTER, IDENTIFY, CERT) and SaslServ (PLAIN, EXTERNAL), its database in a temporary
/// directory. `start(linkedTo:)` returns once Atheme has synched with its uplink; from then
/// on InspIRCd offers `sasl=PLAIN,EXTERNAL` in `CAP LS` (and announces it with cap-notify).
///
/// Run as `atheme-services -n -c FILE -D DIR -l LOG -p PIDFILE` (Atheme 7.2: `-n` stays in
/// the foreground; it then tells every user "Services are presently running in debug mode").
public final class AthemeServices {
  public let directory: TemporaryDirectory
  /// Seconds from start until linked and synched.
  public private(set) var linkSeconds: Double = 0
  private var process: ChildProcess?
  private let uplinkName: String
  private let uplinkPort: UInt16

  /// The running services' pid, nil when stopped.
  public var pid: pid_t? { process.flatMap { $0.hasExited ? nil : $0.pid } }
  /// Atheme's log (its console output and log file).
  public var log: String { directory.read("console.log") + directory.read("atheme.log") }

  private init(uplink: InspIRCdServer) throws {
    directory = try TemporaryDirectory(prefix: "chat-atheme")
    uplinkName = uplink.name
    uplinkPort = uplink.serverLinkPort
  }

  deinit {
    stop()
    directory.remove()
  }

  /// Starts services linked to `server` and waits until they have synched (`timeout` s).
  public static func start(linkedTo server: InspIRCdServer, timeout: Double = 20) throws
    -> AthemeServices
  {
    guard server.configuration.services else {
      throw TestServerError.refused("\(server.name) was not configured with services = true")
    }
    let executable = try ServerRequirement.atheme.requireExecutable()
    let services = try AthemeServices(uplink: server)
    let started = ContinuousClock.now
    let configPath = try services.directory.write(services.configuration(), to: "atheme.conf")
    let child = try ChildProcess.spawn(
      executable,
      arguments: [
        "-n", "-c", configPath, "-D", services.directory.path, "-l",
        services.directory.file("atheme.log"), "-p", services.directory.file("atheme.pid"),
      ],
      directory: services.directory.path, streams: .log(services.directory.file("console.log")))
    services.process = child
    let deadline = Deadline(seconds: timeout)
    var nap: UInt32 = 500
    while !services.directory.read("console.log").contains("finished synching with uplink") {
      if child.hasExited || deadline.hasPassed {
        child.stop(signal: SIGKILL)
        throw deadline.hasPassed
          ? TestServerError.timedOut(
            waitingFor: "Atheme to link to \(server.name)", log: services.log)
          : TestServerError.startFailed(server: "atheme-services", log: services.log)
      }
      usleep(nap)
      nap = min(nap * 2, 10_000)
    }
    services.linkSeconds = (ContinuousClock.now - started).seconds
    return services
  }

  /// Stops services by their pid and reaps them. Idempotent.
  public func stop() { process?.stop(signal: SIGTERM, grace: 5) }

  private func configuration() -> String {
    let modules = [
      "protocol/inspircd", "backend/opensex", "crypto/pbkdf2v2", "nickserv/main",
      "nickserv/register", "nickserv/identify", "nickserv/cert", "nickserv/info",
      "nickserv/set_core", "nickserv/set_pubkey", "saslserv/main", "saslserv/plain",
      "saslserv/external", "saslserv/ecdsa-nist256p-challenge",
    ]
    let password = InspIRCdConfiguration.linkPassword
    return modules.map { "loadmodule \"modules/\($0)\";" }.joined(separator: "\n") + """

      serverinfo {
        name = "\(InspIRCdConfiguration.servicesName)";
        desc = "chat test services";
        numeric = "00A";
        recontime = 1;
        netname = "ChatTest";
        hidehostsuffix = "users.test";
        adminname = "test";
        adminemail = "test@example.invalid";
        registeremail = "test@example.invalid";
        auth = none;
        casemapping = rfc1459;
        maxusers = 1000;
        maxlogins = 1000;
        loglevel = { error; info; admin; network; };
      };
      uplink "\(uplinkName)" {
        host = "127.0.0.1";
        port = \(uplinkPort);
        send_password = "\(password)";
        receive_password = "\(password)";
      };
      nickserv {
        nick = "NickServ"; user = "NickServ"; host = "services.test"; real = "Nickname Services";
        maxnicks = 5; expire = 30;
      };
      saslserv {
        nick = "SaslServ"; user = "SaslServ"; host = "services.test"; real = "SASL";
      };
      general {
        commit_interval = 5;
        ratelimit_uses = 1000;
        ratelimit_period = 1;
        uplink_sendq_limit = 1048576;
        language = "en";
      };
      logfile "\(directory.file("atheme.log"))" { all; };

      """
  }
}
