import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The README's promise, as a property: a run recorded with `--record` and replayed with
/// `--scenario` prints the same bytes in every renderer and exits with the same status. Each
/// seed draws its run (`ReplayPlan`): the built binary on the simulated peer with faults, on
/// the virtual clock, through real pipes (the line format or the log on standard output, the
/// notices on standard error, `--log` and `--jsonl` files); or on a real InspIRCd in line mode
/// through a pseudo-terminal, with a paste of short and long lines while another user talks
/// (the `--log` and `--jsonl` files: the terminal's own bytes hold the prompt, which a replay
/// does not draw).
///
/// The fast tier runs a few seeds; `CHAT_TEST_TIER=full` runs many more. A failing seed is
/// named; `CHAT_REPLAY_SEED=N swift test --filter RecordReplayProperty` runs it alone.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct RecordReplayPropertyTests {
  /// The seeds of a test: `fast` (or the one `CHAT_REPLAY_SEED` names).
  static func seeds(_ fast: Range<UInt64>) -> [UInt64] {
    if let one = ProcessInfo.processInfo.environment["CHAT_REPLAY_SEED"].flatMap(UInt64.init) {
      return fast.contains(one) ? [one] : []
    }
    return Array(fast)
  }

  @Test func simulatedRunsWithFaultsReplayByteForByte() throws {
    try Self.check(Self.seeds(0..<4), run: SimulatedReplayRun.run)
  }

  @Test(.fullTier) func manySimulatedRunsWithFaultsReplayByteForByte() throws {
    try Self.check(Self.seeds(4..<400), run: SimulatedReplayRun.run)
  }

  /// Runs `run` for each seed and records the problems of those that failed.
  static func check(
    _ seeds: [UInt64], run: (UInt64) throws -> [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var failing = 0
    let started = ContinuousClock.now
    for seed in seeds {
      let problems = try run(seed)
      guard !problems.isEmpty else { continue }
      failing += 1
      let report = problems.joined(separator: "\n")
      Issue.record(
        "seed \(seed) (alone: CHAT_REPLAY_SEED=\(seed)):\n\(report)", sourceLocation: sourceLocation
      )
    }
    let elapsed = (ContinuousClock.now - started).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    print(
      "record and replay: \(seeds.count) seeds in \(String(format: "%.1f", seconds)) s,"
        + " \(failing) failing")
  }
}

@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct RecordReplayNetworkPropertyTests {
  @Test func lineModeRunsWithPastesReplayByteForByte() throws {
    try Self.check(RecordReplayPropertyTests.seeds(0..<1))
  }

  @Test(.fullTier) func manyLineModeRunsWithPastesReplayByteForByte() throws {
    try Self.check(RecordReplayPropertyTests.seeds(1..<30))
  }

  private static func check(
    _ seeds: [UInt64], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard !seeds.isEmpty else { return }
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    try RecordReplayPropertyTests.check(
      seeds, run: { try NetworkReplayRun(seed: $0, port: server.port).run() },
      sourceLocation: sourceLocation)
  }
}

/// One seed on the simulated peer: the binary with `--virtual-time` and faults, recorded,
/// then its recording replayed.
enum SimulatedReplayRun {
  static func run(seed: UInt64) throws -> [String] {
    var plan = ReplayPlan(seed: seed)
    let lines = plan.pipedLines()
    let faults = plan.faults()
    let burst = plan.burst()
    var input = lines.joined(separator: "\n")
    if !plan.endsWithoutNewline() { input += "\n" }
    // The line format shows notices in the transcript; the log leaves them to stderr.
    let renderer = seed.isMultiple(of: 2) ? "line" : "log"
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let live = try BinaryRunner.run(
      [
        "--virtual-time", "--seed", "\(seed)", "--faults", faults, "--burst", "\(burst)",
        "--renderer", renderer, "--log", home.path + "/live.log", "--jsonl",
        home.path + "/live.jsonl", "--record", recording,
      ], stdin: Array(input.utf8), environment: home.environment())
    let replay = try BinaryRunner.run(
      [
        "--scenario", recording, "--renderer", renderer, "--log", home.path + "/replay.log",
        "--jsonl", home.path + "/replay.jsonl",
      ], environment: home.environment())
    var problems = ReplayComparison.problems(
      live: [
        ("exit status", Array("\(live.status)".utf8)), ("stdout", live.stdout),
        ("stderr", Array(live.stderr.utf8)), ("--log", try home.read("live.log")),
        ("--jsonl", try home.read("live.jsonl")),
      ],
      replayed: [
        Array("\(replay.status)".utf8), replay.stdout, Array(replay.stderr.utf8),
        try home.read("replay.log"), try home.read("replay.jsonl"),
      ])
    if !problems.isEmpty {
      problems.append("faults \(faults), burst \(burst), --renderer \(renderer); typed:")
      problems += lines.map { "  " + $0.debugDescription }
      problems.append(ReplayComparison.keep(home, seed: seed, kind: "simulated"))
    }
    return problems
  }
}

/// One seed on a network: chat in line mode on a pseudo-terminal, joined to a channel of the
/// server where another user talks, a paste typed at once, the input ended at once or once the
/// paste's last line is echoed; then its recording replayed.
struct NetworkReplayRun {
  let seed: UInt64
  let port: UInt16

  func run() throws -> [String] {
    var plan = ReplayPlan(seed: seed)
    let pacing = plan.pacing()
    let last = "end of paste \(seed)"
    let paste = plan.paste() + [last]
    let talk = plan.talk()
    let waitsForEcho = seed.isMultiple(of: 2)
    let channel = "#replay\(seed)"
    let nick = "rec\(seed)"
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"

    let talker = try RawIRCClient.connect(port: port)
    defer { talker.close() }
    try talker.register(nick: "talk\(seed)")
    try talker.join(channel)
    let terminal = try PseudoTerminal(
      arguments: [
        "--server", "irc://127.0.0.1:\(port)/\(channel)", "--name", nick, "--seed", "\(seed)",
        "--pacing", pacing, "--record", recording, "--log", home.path + "/live.log",
        "--jsonl", home.path + "/live.jsonl",
      ], rows: 24, columns: 100)
    try talker.waitFor("\(nick)'s JOIN") { $0.command == "JOIN" && $0.nick == nick }
    guard terminal.expectScreen("the joined channel", { $0.text.contains("you joined") }) else {
      return ["chat never joined \(channel)"]
    }
    terminal.type(paste.joined(separator: "\r") + "\r")
    for line in talk { try talker.send("PRIVMSG \(channel) :\(line)") }
    if waitsForEcho {
      terminal.expectScreen("the paste's last line echoed", within: 30) {
        $0.text.contains("> \(nick): \(last)")
      }
    }
    terminal.type("\u{4}")
    guard let status = terminal.waitForExit(within: 60) else {
      return ["chat did not exit within 60 s\n\(terminal.report)"]
    }
    let replay = try BinaryRunner.run(
      [
        "--scenario", recording, "--renderer", "jsonl", "--log", home.path + "/replay.log",
        "--jsonl", home.path + "/replay.jsonl",
      ], environment: home.environment())
    let liveJSONL = try home.read("live.jsonl")
    var problems = ReplayComparison.problems(
      live: [
        ("exit status", Array("\(status)".utf8)), ("--log", try home.read("live.log")),
        ("--jsonl", liveJSONL), ("the replay's stdout", liveJSONL),
      ],
      replayed: [
        Array("\(replay.status)".utf8), try home.read("replay.log"),
        try home.read("replay.jsonl"), replay.stdout,
      ])
    if !problems.isEmpty {
      problems.append("--pacing \(pacing); pasted \(paste.count) lines; the other user said:")
      problems += talk.map { "  " + $0 }
      problems.append(ReplayComparison.keep(home, seed: seed, kind: "network"))
    }
    return problems
  }
}

/// What differs between a live run's outputs and its replay's, each named, with the first
/// line that differs.
enum ReplayComparison {
  /// Copies a failing seed's recording and outputs out of its scratch folder (which goes)
  /// to a folder that stays, and says where.
  static func keep(_ home: ScratchFolder, seed: UInt64, kind: String) -> String {
    let kept = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-replay-property/\(kind)-seed-\(seed)").path
    try? FileManager.default.removeItem(atPath: kept)
    do {
      try FileManager.default.createDirectory(
        atPath: (kept as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: home.path, toPath: kept)
      return "the recording (run.chat) and both runs' outputs are kept in \(kept)"
    } catch {
      return "the outputs could not be kept: \(error)"
    }
  }

  static func problems(live: [(String, [UInt8])], replayed: [[UInt8]]) -> [String] {
    var problems: [String] = []
    for ((name, expected), actual) in zip(live, replayed) where expected != actual {
      let old = String(decoding: expected, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      let new = String(decoding: actual, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      let first = zip(old, new).prefix { $0.0 == $0.1 }.count
      let live = first < old.count ? String(old[first]) : "(the end)"
      let replay = first < new.count ? String(new[first]) : "(the end)"
      problems.append(
        "\(name) differs at line \(first + 1):\n  live:     \(live.debugDescription)\n"
          + "  replayed: \(replay.debugDescription)")
    }
    return problems
  }
}

extension ScratchFolder {
  /// The bytes of `name` inside the folder (nothing if it does not exist).
  fileprivate func read(_ name: String) throws -> [UInt8] {
    guard FileManager.default.fileExists(atPath: path + "/" + name) else { return [] }
    return Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
  }
}
