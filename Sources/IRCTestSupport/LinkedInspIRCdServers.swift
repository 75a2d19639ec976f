/// Two InspIRCd servers, `irc1.test` (SID `1AA`) and `irc2.test` (SID `2AA`), each with its
/// own config, loopback client and link ports and a `<link>` block naming the other, linked
/// with `spanningtree` by an operator's `CONNECT` (not autoconnect), and stopped by pid.
///
/// ```swift
/// let network = try LinkedInspIRCdServers.start()
/// defer { network.stop() }
/// let near = try RawIRCClient.connect(port: network.one.port)
/// try network.split()      // SQUIT irc2.test from irc1.test
/// try network.relink()
/// ```
///
/// `split()` leaves both servers split: InspIRCd can keep the far end of a link it was
/// told to `SQUIT` open, so when `two` still lists `one` after 3 s it is told to `SQUIT` too.
///
/// Every wait is on a condition with a deadline: `LINKS` listing the other server, then a
/// remote `PING` answered from each side, which travels behind the link's burst.
public final class LinkedInspIRCdServers {
  /// The first server, `irc1.test`; the side that links and splits.
  public let one: InspIRCdServer
  /// The second server, `irc2.test`.
  public let two: InspIRCdServer
  /// Seconds the last `link()` took from `CONNECT` until both bursts were through.
  public private(set) var linkSeconds: Double = 0

  /// Prepares both servers from `configuration` (names and SIDs are set here) without
  /// starting them.
  public init(_ configuration: InspIRCdConfiguration = InspIRCdConfiguration()) throws {
    var first = configuration
    first.serverName = "irc1.test"
    first.serverID = "1AA"
    var second = configuration
    second.serverName = "irc2.test"
    second.serverID = "2AA"
    one = try InspIRCdServer(first)
    two = try InspIRCdServer(second)
    one.allowLink(with: two)
  }

  /// Starts both servers and links them.
  public static func start(_ configuration: InspIRCdConfiguration = InspIRCdConfiguration())
    throws -> LinkedInspIRCdServers
  {
    let network = try LinkedInspIRCdServers(configuration)
    do {
      try network.one.start()
      try network.two.start()
      try network.link()
    } catch {
      network.stop()
      throw error
    }
    return network
  }

  /// Links `one` to `two` (both running), returning once each has the other's burst.
  public func link(timeout: Double = 15) throws {
    linkSeconds = try one.link(to: two, timeout: timeout)
  }

  /// Splits the network with an operator's `SQUIT irc2.test` on `one`, returning once `one`
  /// no longer lists `two`.
  public func split(reason: String = "test netsplit", timeout: Double = 15) throws {
    try one.split(from: two, reason: reason, timeout: timeout)
    // InspIRCd 3.15 sometimes keeps the far end of a link it was told to SQUIT open, so the
    // far server goes on as if linked (seen in tests with several users on each side).
    // Saying SQUIT there too splits both sides, as a real netsplit does.
    if try two.stillLists(one, within: 3) { try two.split(from: one, reason: reason) }
  }

  /// Kills `two` by its pid (SIGKILL, a crash), returning once `one` no longer lists it.
  public func killTwo(timeout: Double = 15) throws {
    two.kill()
    let client = try RawIRCClient.connect(port: one.port)
    defer { client.close() }
    try client.register(nick: "watcher")
    let deadline = Deadline(seconds: timeout)
    while try client.listsServer(two.name) {
      guard !deadline.hasPassed else {
        throw TestServerError.timedOut(waitingFor: "irc1.test to drop irc2.test", log: one.log)
      }
    }
  }

  /// Starts `two` again on its ports if it is not running, and links the servers again.
  public func relink(timeout: Double = 15) throws {
    if !two.isRunning { try two.start(timeout: timeout) }
    try link(timeout: timeout)
  }

  /// Stops both servers by their pids. Idempotent.
  public func stop() {
    two.stop()
    one.stop()
  }
}
