import ChatCore
import ChatIRC
import ChatIRCSession
import ChatRuntime
import ChatSession
import IRCTestSupport

/// One seed of the fault property: chat's real `IRCSession` on the runtime's loop, through a
/// `FaultProxy` armed with the seed's faults, typing the seed's messages into a channel where
/// `observer` (connected straight to the server) listens.
struct SeedRun {
  /// The session's settings for the property: short timeouts and a small backoff, so one
  /// seed takes seconds (the backoff's shape is the documented one, only scaled).
  static func sessionConfiguration(_ plan: FaultPlan, port: UInt16) -> IRCSessionConfiguration {
    var configuration = IRCSessionConfiguration(
      host: "127.0.0.1", port: port,
      client: IRCClient.Configuration(
        nick: plan.nick, channels: [plan.channel], keepaliveIntervalMilliseconds: 1500,
        keepaliveTimeoutMilliseconds: 1500,
        pacing: IRCTokenBucket.Settings(
          burst: plan.pacingIntervalMilliseconds > 100 ? 6 : 20,
          intervalMilliseconds: plan.pacingIntervalMilliseconds)),
      givesUpIfFirstConnectionFails: false, seed: plan.seed)
    // Long enough for a lost link's reconnect and rejoin (the history tells of the lines it
    // left unconfirmed), short enough that a stalled echo fails within a seed.
    configuration.confirmationTimeoutMilliseconds = confirmationTimeout
    configuration.connectTimeoutMilliseconds = 3000
    configuration.quitTimeoutMilliseconds = 1000
    configuration.reconnectBaseMilliseconds = backoffBase
    configuration.reconnectCapMilliseconds = backoffCap
    return configuration
  }

  static let confirmationTimeout: Int64 = 8000
  static let backoffBase: Int64 = 400
  static let backoffCap: Int64 = 3200
  /// How late a reconnect may be after its delay. The loop wakes on time, but 2 cores run
  /// dozens of seeds beside the rest of the full tier: 40 ms alone, 248 ms seen inside the
  /// whole run. A reconnect is never early (that check is exact), so a delay drawn for the
  /// wrong attempt shows as an early reconnect on some seed; the late bound only catches a
  /// reconnect that waited for something else.
  static let backoffTolerance: Int64 = 1000
  /// A seed still unsettled after this long is stopped and fails.
  static let giveUpMilliseconds: Int64 = 30_000

  let plan: FaultPlan
  let serverPort: UInt16
  let observer: RawIRCClient

  func run() throws -> SeedOutcome {
    let started = ContinuousClock.now
    try observer.send("JOIN \(plan.channel)")
    try observer.waitFor("366 for \(plan.channel)") {
      $0.command == "366" && $0.parameters.dropFirst().first == plan.channel
    }
    // A history replayed on every join, as in a busy channel: chat reconciles with it what a
    // lost link left unconfirmed. Most channels have said something before chat comes.
    try observer.send("MODE \(plan.channel) +H 50:1d")
    try observer.waitFor("+H on \(plan.channel)") {
      $0.command == "MODE" && $0.parameters.first == plan.channel
    }
    if plan.hasEarlierHistory {
      try observer.send("PRIVMSG \(plan.channel) :\(FaultPlan.earlierHistory)")
    }
    let proxy = try FaultProxy(forwardingTo: serverPort, recordsTranscript: true)
    defer { proxy.stop() }
    let session = IRCSession(configuration: Self.sessionConfiguration(plan, port: proxy.port))
    let log = SessionLog()
    var state = AppState(localName: plan.nick)
    state.deliveryTimeoutMilliseconds = 86_400_000
    let clock = LiveClock()
    let input = ScriptedInput(
      plan: plan, start: clock.now, giveUpAfterMilliseconds: Self.giveUpMilliseconds)
    let runtime = Runtime(
      state: state, session: RecordingSession(session: session, log: log), clock: clock,
      ids: SeededUUIDGenerator(seed: plan.seed, stream: 1), renderers: [],
      frameBudget: .display)
    plan.arm(proxy)
    let outcome = try runtime.run(input)
    proxy.stop()

    var result = SeedOutcome(seed: plan.seed)
    if outcome != .completed { result.problems.append("the run ended \(outcome)") }
    if input.gaveUp {
      result.problems.append("still unsettled after \(Self.giveUpMilliseconds) ms")
    }
    let reached = Self.linesReachingServer(proxy.transcript(.toServer), channel: plan.channel)
    let received = try observe(expecting: reached)
    try observer.send("PART \(plan.channel)")
    try observer.waitFor("PART of \(plan.channel)") {
      $0.command == "PART" && $0.nick == observer.nick
    }
    var checks = SeedChecks(
      plan: plan, log: log.entries, state: runtime.state, reachedServer: reached,
      observed: received)
    checks.run(into: &result)
    if !result.problems.isEmpty {
      result.problems.append("plan: \(plan.faults.map(\.summary).joined(separator: "; "))")
      result.problems.append(
        "fired: \(proxy.firedFaults.map(\.kind).joined(separator: ", "))")
      result.problems += log.entries.map(\.summary)
      result.problems.append("the observer's last lines:")
      result.problems += observer.recent.map { "  " + $0 }
      for (number, bytes) in proxy.transcript(.toServer).enumerated() {
        result.problems.append("to the server on connection \(number):")
        result.problems += String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").map {
          "  " + $0
        }
      }
    }
    result.retriesTyped = input.retriesTyped
    result.reconciled = session.client.reconciled
    for fault in proxy.firedFaults { result.faultsFired[fault.kind, default: 0] += 1 }
    result.faultsNotFired = proxy.armedFaults
    result.connections = proxy.acceptedConnections
    result.seconds = (ContinuousClock.now - started).seconds
    return result
  }

  /// How many times each text went to `channel` in a complete `PRIVMSG` line the server was
  /// given (a line cut before its end is no message).
  static func linesReachingServer(_ transcripts: [[UInt8]], channel: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for bytes in transcripts {
      var lines = String(decoding: bytes, as: UTF8.self).split(
        separator: "\r\n", omittingEmptySubsequences: false)
      lines.removeLast()  // After the last line end: a partial line, or nothing.
      for raw in lines {
        let line = IRCLine(String(raw))
        guard line.command == "PRIVMSG", line.parameters.first == channel,
          let text = line.trailing
        else { continue }
        counts[text, default: 0] += 1
      }
    }
    return counts
  }

  /// What the observer receives in the channel, in order: until it has as many of each text as reached
  /// the server (or 3 s: a server may drop lines as a link resets), then two `PING` round
  /// trips, so that a late duplicate would be seen.
  private func observe(expecting reached: [String: Int]) throws -> [String] {
    var counts: [String: Int] = [:]
    var texts: [String] = []
    func take(_ line: IRCLine) {
      guard line.command == "PRIVMSG", line.parameters.first == plan.channel,
        let text = line.trailing
      else { return }
      counts[text, default: 0] += 1
      texts.append(text)
    }
    let deadline = Deadline(seconds: 3)
    while reached.contains(where: { counts[$0.key, default: 0] < $0.value }), !deadline.hasPassed {
      let left = Double(deadline.pollMilliseconds(cap: 1000)) / 1000
      if let line = try observer.nextLine(within: left) { take(line) }
    }
    for round in 0..<2 {
      let token = "barrier\(plan.seed)r\(round)"
      try observer.send("PING :\(token)")
      while true {
        guard let line = try observer.nextLine(within: 5, waitingFor: "PONG \(token)") else {
          throw RawIRCClient.Failure.timedOut(
            waitingFor: "PONG \(token)", seconds: 5, recent: observer.recent)
        }
        if line.command == "PONG" && line.trailing == token { break }
        take(line)
      }
    }
    return texts
  }
}

/// What one seed found: its problems (empty when the property held) and its figures.
struct SeedOutcome: Sendable {
  let seed: UInt64
  var problems: [String] = []
  var typed = 0
  var delivered = 0
  var failed = 0
  var failedAttempts = 0
  var resent = 0
  var retriesTyped = 0
  /// Failed attempts the observer received all the same ("may or may not").
  var failedButArrived = 0
  /// Failures that said the message was not sent (or was refused).
  var definiteFailures = 0
  /// Failures that said the channel's history after reconnecting does not have it.
  var absentFailures = 0
  /// Failures that said it may or may not have arrived, and of them those the observer got.
  var uncertainFailures = 0
  var uncertainButArrived = 0
  /// What the histories on rejoining told of lines the lost links left unconfirmed.
  var reconciled = IRCClient.Reconciled()
  /// Lines the server was given but never relayed (it dropped them as the link reset).
  var givenButDropped = 0
  var reconnects = 0
  var connections = 0
  /// Messages that went out in pieces.
  var splitMessages = 0
  /// The most messages in flight at once (handed over, no outcome yet).
  var mostInFlight = 0
  /// How late each reconnect came after its predicted delay, in milliseconds.
  var backoffLateness: [Int64] = []
  var faultsFired: [String: Int] = [:]
  var faultsNotFired = 0
  var seconds = 0.0

  init(seed: UInt64) { self.seed = seed }
}
