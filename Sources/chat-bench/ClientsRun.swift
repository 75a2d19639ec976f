import Foundation
import IRCTestSupport

/// One side-by-side run: a fresh InspIRCd (the test configuration: no flood limits), every
/// receiver started and confirmed in the channel by the sender's `NAMES`, then one flood (or
/// spaced messages), and what each receiver used and showed.
struct ClientsRun {
  static let channel = "#bench"

  let kinds: [ReceiverKind]
  /// Each program's path; a kind without one is reported missing.
  let programs: [ReceiverKind: String]
  let messages: Int
  let pace: FloodSender.Pace

  /// What one receiver did in the run.
  struct Outcome {
    var kind: ReceiverKind
    /// Why it was not measured, if it was not.
    var failure: String?
    /// CPU seconds from just before the first line was sent until every receiver had settled.
    var cpuSeconds = 0.0
    var peakMiB = 0.0
    /// Seconds from the first line sent until the last one was shown.
    var lastShown: Double?
    var seenCount = 0
    /// When each message was seen, by sequence number.
    var seen: [Double?] = []
  }

  struct Result {
    var outcomes: [Outcome]
    var sendTimes: [Double]
    /// Seconds from the first line sent until the server had taken in the last.
    var acceptedSeconds: Double?
    var serverCPUSeconds: Double?
  }

  func perform() throws -> Result {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let receivers = try kinds.map { try Receiver($0, messages: messages) }
    defer { for receiver in receivers { receiver.stop() } }
    for receiver in receivers {
      receiver.launch(
        program: programs[receiver.kind], port: server.port, channels: [Self.channel])
    }
    let sender = try connectSender(port: server.port, raw: receivers.first { $0.kind == .raw })
    defer { sender.close() }
    waitForJoins(receivers, sender: sender, deadline: Stopwatch.now() + 30)
    for receiver in receivers where receiver.isActive { receiver.joined() }
    ReceiverPump.run(receivers, until: Stopwatch.now() + 0.5) { false }

    let flood = FloodSender(client: sender, channels: [Self.channel], total: messages, pace: pace)
    let serverBefore = server.pid.flatMap { ProcessStats.read($0) }
    for receiver in receivers where receiver.isActive {
      receiver.before = receiver.pid.flatMap { ProcessStats.read($0) }
    }
    let last = messages - 1
    let limit = 60 + Double(messages) / 500
    let finished = ReceiverPump.run(receivers, sender: flood, until: Stopwatch.now() + limit) {
      flood.isFinished && receivers.allSatisfy { !$0.isActive || $0.hasSeen(last) }
    }
    if !finished {
      // Spaced messages may be lost by a receiver that is otherwise fine: give it a moment.
      ReceiverPump.run(receivers, until: Stopwatch.now() + 2) {
        receivers.allSatisfy { !$0.isActive || $0.hasSeen(last) }
      }
    }
    let pids = receivers.compactMap { $0.isActive ? $0.pid : nil } + [server.pid].compactMap { $0 }
    ReceiverPump.settle(receivers, pids: pids)
    for receiver in receivers where receiver.isActive {
      receiver.after = receiver.pid.flatMap { ProcessStats.read($0) }
      if !receiver.hasSeen(last) {
        receiver.fail("saw \(receiver.seenCount) of \(messages) messages within \(Int(limit)) s")
      }
    }
    let serverAfter = server.pid.flatMap { ProcessStats.read($0) }
    let start = flood.firstSend ?? 0
    return Result(
      outcomes: receivers.map { outcome($0, start: start) }, sendTimes: flood.sendTimes,
      acceptedSeconds: flood.acceptedAt.map { $0 - start },
      serverCPUSeconds: serverAfter.flatMap { after in
        serverBefore.map { after.cpuSeconds - $0.cpuSeconds }
      })
  }

  private func outcome(_ receiver: Receiver, start: Double) -> Outcome {
    var outcome = Outcome(kind: receiver.kind, failure: receiver.failure)
    outcome.seenCount = receiver.seenCount
    outcome.seen = receiver.seen
    outcome.lastShown = receiver.seen.last.flatMap { $0.map { $0 - start } }
    if let before = receiver.before, let after = receiver.after {
      outcome.cpuSeconds = after.cpuSeconds - before.cpuSeconds
      outcome.peakMiB = after.peakMiB
    }
    return outcome
  }

  /// Registers the sender (and the raw receiver, in the same registration tick) and joins
  /// them; the raw receiver then reads its socket in the pump.
  private func connectSender(port: UInt16, raw: Receiver?) throws -> RawIRCClient {
    let sender = try RawIRCClient.connect(port: port)
    let rawClient = try raw.map { _ in try RawIRCClient.connect(port: port) }
    var clients = [(sender, "sender")]
    if let rawClient { clients.append((rawClient, ReceiverKind.raw.nick)) }
    try RawIRCClient.register(clients)
    for (client, _) in clients {
      try client.send("JOIN \(Self.channel)")
      try client.waitFor("366 for \(Self.channel)") { $0.command == "366" }
    }
    if let raw, let rawClient {
      raw.raw = rawClient
      raw.descriptor = rawClient.descriptor
    }
    return sender
  }

  /// Asks the server who is in the channel until every receiver still running is, or the
  /// deadline passes; a receiver that exits or never arrives is marked failed.
  private func waitForJoins(_ receivers: [Receiver], sender: RawIRCClient, deadline: Double) {
    var pending = receivers.filter(\.isActive)
    while !pending.isEmpty, Stopwatch.now() < deadline {
      ReceiverPump.run(receivers, until: Stopwatch.now() + 0.25) { false }
      for receiver in pending { receiver.checkRunning() }
      var names = Set<String>()
      do {
        try sender.send("NAMES \(Self.channel)")
        try sender.waitFor("the end of NAMES", timeout: 5) { line in
          if line.command == "353", let list = line.trailing {
            for name in list.split(separator: " ") {
              names.insert(String(name.drop { "~&@%+".contains($0) }))
            }
          }
          return line.command == "366"
        }
      } catch {
        for receiver in pending { receiver.fail("the sender could not ask NAMES: \(error)") }
      }
      pending.removeAll { !$0.isActive || names.contains($0.kind.nick) }
    }
    for receiver in pending {
      receiver.fail("not in \(Self.channel) within 30 s")
    }
  }
}
