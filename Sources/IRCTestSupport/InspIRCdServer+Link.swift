extension InspIRCdServer {
  /// Links this server to `other` now (both started, `allowLink(with:)` called before), the
  /// way the notes found fast: an operator's `CONNECT` (autoconnect fires only every ~5 s).
  /// Returns once each side has processed the other's whole burst: a remote `PING` sent
  /// from each side comes back, and it travels behind the burst. Returns the seconds taken
  /// from `CONNECT` (not counting the helper clients' one-second registration).
  @discardableResult
  public func link(to other: InspIRCdServer, timeout: Double = 15) throws -> Double {
    let here = try RawIRCClient.connect(port: port)
    defer { here.close() }
    let there = try RawIRCClient.connect(port: other.port)
    defer { there.close() }
    try RawIRCClient.register([(here, "linker1"), (there, "linker2")])
    try here.becomeOperator()
    let started = ContinuousClock.now
    try here.send("CONNECT \(other.name)")
    let deadline = Deadline(seconds: timeout)
    while true {
      if try here.listsServer(other.name) { break }
      guard !deadline.hasPassed else {
        throw TestServerError.timedOut(waitingFor: "\(name) to link to \(other.name)", log: log)
      }
    }
    try here.pingServer(other.name, deadline: deadline)
    try there.pingServer(name, deadline: deadline)
    return (ContinuousClock.now - started).seconds
  }

  /// Splits `other` off with an operator's `SQUIT`, returning once this server no longer
  /// lists it. Clients on both sides see a `QUIT` for every user behind the split.
  public func split(
    from other: InspIRCdServer, reason: String = "test netsplit", timeout: Double = 15
  )
    throws
  {
    let here = try RawIRCClient.connect(port: port)
    defer { here.close() }
    try here.register(nick: "splitter")
    try here.becomeOperator()
    try here.send("SQUIT \(other.name) :\(reason)")
    let deadline = Deadline(seconds: timeout)
    while try here.listsServer(other.name) {
      guard !deadline.hasPassed else {
        throw TestServerError.timedOut(waitingFor: "\(other.name) to split from \(name)", log: log)
      }
    }
  }
}

extension InspIRCdServer {
  /// Whether this server still lists `other` after `seconds` (it drops it sooner: false).
  func stillLists(_ other: InspIRCdServer, within seconds: Double) throws -> Bool {
    let client = try RawIRCClient.connect(port: port)
    defer { client.close() }
    try client.register(nick: "lister")
    let deadline = Deadline(seconds: seconds)
    while try client.listsServer(other.name) {
      if deadline.hasPassed { return true }
    }
    return false
  }
}

extension RawIRCClient {
  /// `OPER` as the test servers' operator; throws unless `381` comes back.
  public func becomeOperator() throws {
    try send("OPER \(InspIRCdConfiguration.operName) \(InspIRCdConfiguration.operPassword)")
    let reply = try waitFor(command: "381", "491", "464")
    guard reply.command == "381" else {
      throw TestServerError.refused("OPER refused: \(reply.raw)")
    }
  }

  /// Whether `LINKS` lists `server` (one round trip).
  func listsServer(_ server: String) throws -> Bool {
    try send("LINKS")
    var found = false
    while true {
      let line = try waitFor(command: "364", "365")
      if line.command == "365" { return found }
      if line.parameters.dropFirst().first == server { found = true }
    }
  }

  /// Pings a remote server through the network and waits for its `PONG`.
  func pingServer(_ server: String, deadline: Deadline) throws {
    let token = "sync\(UInt32.random(in: 0...UInt32.max))"
    try send("PING \(token) \(server)")
    let seconds = Double(deadline.pollMilliseconds(cap: Int32.max)) / 1000
    try waitFor("PONG from \(server)", timeout: seconds) {
      $0.command == "PONG" && $0.parameters.contains(token)
    }
  }
}
