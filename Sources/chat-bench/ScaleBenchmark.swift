import Foundation
import IRCTestSupport

/// `chat-bench clients-scale`: every receiver in 100 channels of 1,000 members each, then
/// 100,000 messages spread over them: memory held for the members, peak memory, and the CPU
/// cost per message of the last tenth against the first (flat if nothing grows with history).
struct ScaleBenchmark {
  var channels = 100
  var members = 1_000
  var messages = 100_000
  let kinds: [ReceiverKind] = [.chatLine, .chatJSON, .irssi, .weechat]

  init(arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard ["--channels", "--members", "--messages"].contains(flag) else {
        throw UsageError(text: "unknown option '\(flag)'")
      }
      guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 10, value <= 1_000_000
      else { throw UsageError(text: "\(flag) needs a whole number from 10 to 1,000,000") }
      switch flag {
      case "--channels": channels = value
      case "--members": members = value
      default: messages = value
      }
    }
  }

  func run(chat: String?) -> Int32 {
    guard raiseDescriptorLimit(to: members + 200) else {
      print("chat-bench clients-scale needs \(members + 200) open files: raise `ulimit -Hn`")
      return 69
    }
    print(
      "chat-bench clients-scale: \(channels) channels × \(members) members (bots), then "
        + "\(messages) messages over them\n")
    do {
      let outcomes = try perform(programs: ClientsBenchmark.programs(chat: chat))
      ScaleReport.table(outcomes, messages: messages)
      return 0
    } catch {
      print("the scale run could not be set up: \(error)")
      return 1
    }
  }

  private func perform(programs: [ReceiverKind: String]) throws -> [ScaleReport.Outcome] {
    var configuration = InspIRCdConfiguration()
    BotCrowd.configure(&configuration, bots: members, channels: channels)
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let names = (1...channels).map { "#s\($0)" }
    let organiser = try RawIRCClient.connect(port: server.port)
    defer { organiser.close() }
    try organiser.register(nick: "organiser")
    let started = Stopwatch.now()
    let crowd = try BotCrowd(
      port: server.port, count: members, channels: names, organiser: organiser)
    print(
      "(\(members) bots joined \(channels) channels in \(Report.fixed(Stopwatch.now() - started)) s; "
        + "a client joining \(names[0]) is shown \(try membersShown(in: names[0], port: server.port)) "
        + "members)")

    let receivers = try kinds.map { try Receiver($0, messages: 0) }
    defer { for receiver in receivers { receiver.stop() } }
    for receiver in receivers {
      receiver.launch(program: programs[receiver.kind], port: server.port, channels: names)
    }
    waitForChannels(receivers, organiser: organiser, count: channels, crowd: crowd)
    for receiver in receivers where receiver.isActive { receiver.joined() }
    var outcomes = receivers.map { ScaleReport.Outcome(kind: $0.kind, failure: $0.failure) }
    let pids = receivers.map { $0.isActive ? $0.pid : nil }
    ReceiverPump.settle(receivers, pids: pids.compactMap { $0 }, limit: 60)
    for (index, pid) in pids.enumerated() {
      guard let pid, let stats = ProcessStats.read(pid) else { continue }
      outcomes[index].joinedMiB = stats.residentMiB
      outcomes[index].before = stats
    }
    // Ten tenths, each sent as fast as the server takes it and then received to the end, so
    // that each tenth's CPU is its own.
    let tenth = messages / 10
    for part in 0..<10 {
      let cpu = pids.map { $0.flatMap(ProcessStats.scheduledNanoseconds) }
      let flood = FloodSender(
        client: organiser, channels: names, total: tenth, pace: .flood, firstSequence: part * tenth)
      ReceiverPump.run(receivers, sender: flood, until: Stopwatch.now() + 120) { flood.isFinished }
      ReceiverPump.settle(receivers, pids: pids.compactMap { $0 }, limit: 60)
      crowd.answerPings()
      for (index, pid) in pids.enumerated() {
        guard let pid, let now = ProcessStats.scheduledNanoseconds(pid), let before = cpu[index]
        else { continue }
        outcomes[index].tenthNanoseconds.append(Double(now - before) / Double(tenth))
      }
    }
    for (index, pid) in pids.enumerated() {
      receivers[index].checkRunning()
      outcomes[index].failure = receivers[index].failure
      guard let pid, let stats = ProcessStats.read(pid) else { continue }
      outcomes[index].after = stats
    }
    return outcomes
  }

  /// How many members a plain client joining `channel` is shown in `NAMES`: the proof that
  /// the bots are there for a receiver as for anyone.
  private func membersShown(in channel: String, port: UInt16) throws -> Int {
    let probe = try RawIRCClient.connect(port: port)
    defer { probe.close() }
    try probe.register(nick: "probe")
    try probe.send("JOIN \(channel)")
    var names = 0
    try probe.waitFor("366 for \(channel)", timeout: 30) { line in
      if line.command == "353" { names += (line.trailing ?? "").split(separator: " ").count }
      return line.command == "366"
    }
    try probe.send("PART \(channel)")
    return names
  }

  /// Asks the server (`WHOIS`) until every receiver is in all the channels, for up to 120 s.
  private func waitForChannels(
    _ receivers: [Receiver], organiser: RawIRCClient, count: Int, crowd: BotCrowd
  ) {
    var pending = receivers.filter(\.isActive)
    let deadline = Stopwatch.now() + 120
    while !pending.isEmpty, Stopwatch.now() < deadline {
      ReceiverPump.run(receivers, until: Stopwatch.now() + 1) { false }
      crowd.answerPings()
      for receiver in pending { receiver.checkRunning() }
      pending.removeAll { receiver in
        guard receiver.isActive else { return true }
        return (try? channelCount(of: receiver.kind.nick, organiser)) ?? 0 >= count
      }
    }
    for receiver in pending { receiver.fail("not in all \(count) channels within 120 s") }
  }

  /// How many channels `nick` is in, from `WHOIS` (319 lines, up to the 318 that ends them).
  private func channelCount(of nick: String, _ organiser: RawIRCClient) throws -> Int {
    try organiser.send("WHOIS \(nick)")
    var channels = 0
    try organiser.waitFor("the end of WHOIS", timeout: 10) { line in
      if line.command == "319" { channels += (line.trailing ?? "").split(separator: " ").count }
      return line.command == "318"
    }
    return channels
  }

  private func raiseDescriptorLimit(to needed: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
    if limit.rlim_cur >= rlim_t(needed) { return true }
    guard limit.rlim_max >= rlim_t(needed) else { return false }
    limit.rlim_cur = limit.rlim_max
    return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
  }
}
