import Foundation
import Glibc
import IRCTestSupport

/// `chat-bench history`: chat joins 100 channels of an Ergo whose every channel holds 1,000
/// lines, with `--history 1000`, so each join is answered by a `chathistory` batch of 1,000
/// lines; then the same number of live lines arrive. Peak memory, the time from the last byte
/// of history reaching chat (counted at a proxy in front of the server) to the last history
/// line shown, and chat's CPU per history line against per live line.
struct HistoryBenchmark {
  var channels = 100
  var lines = 1_000

  init(arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard ["--channels", "--lines"].contains(flag) else {
        throw UsageError(text: "unknown option '\(flag)'")
      }
      guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 1, value <= 10_000 else {
        throw UsageError(text: "\(flag) needs a whole number from 1 to 10,000")
      }
      if flag == "--channels" { channels = value } else { lines = value }
    }
  }

  func run(chat: String?) -> Int32 {
    guard let chat else {
      print("(no chat binary beside chat-bench: run `swift build -c release` first)")
      return 1
    }
    print(
      "chat-bench history: chat joins \(channels) channels of Ergo, each answering with"
        + " \(lines) lines of history (--history \(lines)), then \(channels * lines) live lines\n")
    do {
      try perform(chat: chat)
      return 0
    } catch {
      print("the history run could not be set up: \(error) (is CHAT_ERGO set?)")
      return 1
    }
  }

  private func perform(chat: String) throws {
    var configuration = ErgoServer.Configuration()
    configuration.chathistoryMaxMessages = lines
    let server = try ErgoServer.start(configuration)
    defer { server.stop() }
    let names = (1...channels).map { "#h\($0)" }
    let filler = try RawIRCClient.connect(port: server.port)
    defer { filler.close() }
    try filler.register(nick: "filler")
    for name in names { try filler.join(name) }
    let started = Stopwatch.now()
    try say(lines, "history", in: names, from: filler)
    print(
      "(\(channels * lines) lines said into \(channels) channels in "
        + "\(Report.fixed(Stopwatch.now() - started)) s)")

    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let home = try TemporaryDirectory(prefix: "chat-bench-history")
    defer { home.remove() }
    let watched = try WatchedChat(
      chat,
      [
        "--server", "irc://127.0.0.1:\(proxy.port)/" + names.joined(separator: ","), "--name",
        "bench", "--renderer", "jsonl", "--history", "\(lines)", "--pacing", "1/0",
      ],
      home: home.path)
    defer { watched.stop() }

    // History: until every channel's batch is shown and nothing has come for two seconds.
    let launched = Stopwatch.now()
    var lastByte = (count: 0, at: launched)
    // chat's start, registration and joins are not the history's: its CPU is counted from
    // the first history line shown.
    var atFirst: (stats: ProcessStats, shown: Int)?
    watched.pump(
      until: { counts in
        if atFirst == nil, counts.history > 0, let stats = ProcessStats.read(watched.pid) {
          atFirst = (stats, counts.history)
        }
        let forwarded = proxy.bytesForwarded(.toClient)
        if forwarded != lastByte.count { lastByte = (forwarded, Stopwatch.now()) }
        return counts.history > 0 && Stopwatch.now() - max(counts.lastShownAt, lastByte.at) > 2
      }, limit: 300)
    let history = watched.counts
    guard history.history > 0, let afterHistory = ProcessStats.read(watched.pid) else {
      print("chat showed no history within 300 s")
      return
    }

    // Live: the same number of lines again, said now.
    let liveStart = Stopwatch.now()
    try say(lines, "live", in: names, from: filler)
    let expected = history.messages + channels * lines
    watched.pump(until: { $0.messages >= expected }, limit: 300)
    let live = watched.counts
    let afterLive = ProcessStats.read(watched.pid)
    watched.closeInput()

    Report.line("history messages shown", "\(history.history) in \(channels) channels")
    Report.line(
      "last history line shown, from chat's start",
      "\(Report.fixed(history.lastShownAt - launched)) s")
    Report.line(
      "  after its last byte arrived (target <= 1 s)",
      "\(Report.fixed(max(0, history.lastShownAt - lastByte.at), 3)) s")
    Report.line(
      "peak resident memory after the history (target <= 64)",
      "\(Report.fixed(afterHistory.peakMiB, 1)) MiB")
    let first = atFirst ?? (afterHistory, history.history)
    let historyCPU =
      (afterHistory.cpuSeconds - first.stats.cpuSeconds)
      / Double(max(1, history.history - first.shown))
    Report.line("CPU per history line", "\(Report.fixed(historyCPU * 1e6, 1)) µs")
    guard let afterLive, live.messages >= expected else {
      print("the live lines did not all arrive within 300 s (\(live.messages - history.messages))")
      return
    }
    let liveLines = live.messages - history.messages
    let liveCPU = (afterLive.cpuSeconds - afterHistory.cpuSeconds) / Double(liveLines)
    Report.line(
      "live lines shown", "\(liveLines) in \(Report.fixed(live.lastShownAt - liveStart)) s")
    Report.line("CPU per live line", "\(Report.fixed(liveCPU * 1e6, 1)) µs")
    Report.line(
      "  history / live (target <= 1)", liveCPU > 0 ? Report.fixed(historyCPU / liveCPU) : "-")
    Report.line("peak resident memory at the end", "\(Report.fixed(afterLive.peakMiB, 1)) MiB")
  }

  /// `count` lines in each of `names`, round-robin, then waits until the server has them all.
  private func say(
    _ count: Int, _ word: String, in names: [String], from client: RawIRCClient
  ) throws {
    for number in 1...count {
      for name in names {
        try client.send("PRIVMSG \(name) :\(word) \(number) in \(name), lorem ipsum dolor sit")
      }
    }
    try client.send("PING :said")
    try client.waitFor("the PONG after the lines", timeout: 120) { $0.command == "PONG" }
  }
}
