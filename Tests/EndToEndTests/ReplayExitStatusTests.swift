import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Recordings of runs that gave up, or were stopped by a signal, or met a line crossing the
/// length cap, made live against a scripted server (or none) through the built binary with
/// real pipes: the replay exits with the live status and prints the live stdout and stderr.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct ReplayExitStatusTests {
  static let bob = ":bob!bob@127.0.0.1"

  /// Nothing listens on the port: piped, chat gives up at once (69), and so does the replay,
  /// from the recorded `gave-up` entry, saying the same reason last.
  @Test func aRefusedConnectionReplaysItsStatusSixtyNine() throws {
    let port = try ReservedPort()  // Bound, never listening: connecting is refused.
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let live = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(port.number)/#chat", "--name", "bot", "--renderer",
        "jsonl", "--record", recording,
      ], stdin: Array("never sent\n".utf8), environment: home.environment())
    #expect(live.status == 69, "\(live.stderr)")
    #expect(live.stderr.hasPrefix("chat: connection to 127.0.0.1:"), "\(live.stderr)")
    #expect(live.stderr.hasSuffix(" refused\n"), "\(live.stderr)")
    try live.ending.expectReplay(of: recording, environment: home.environment())
  }

  /// The server closes during registration: piped, the first connection lost before
  /// registering ends the run (69). The replay's engine reaches the same end from the
  /// recorded close, as live.
  @Test func aFirstConnectionLostBeforeRegisteringReplaysItsStatusSixtyNine() throws {
    let server = try ScriptedServer(registration: .none) { connection in
      try connection.waitForLine("USER") { $0.command == "USER" }
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--renderer",
        "jsonl", "--record", recording,
      ], environment: home.environment())
    defer { chat.stop() }
    chat.type("hello")
    chat.closeInput()
    #expect(chat.waitForExit(within: 60) == 69, "\(chat.stderr)")
    #expect(chat.stderr.contains("during registration"), "\(chat.stderr)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(!recorded.contains("gave-up"), "the engine decides, not an entry: \(recorded)")
    try chat.ending.expectReplay(of: recording, environment: home.environment())
  }

  /// In line mode the same close is retried, not given up: the recording says it was line
  /// mode (`line-mode yes`), so the replay's engine reconnects as live did instead of giving
  /// up, and exits with the live status.
  @Test func aLineModeRunRetriesTheFirstConnectionInTheReplayToo() throws {
    let server = try ScriptedServer(registration: .none, connections: 10) { connection in
      try connection.waitForLine("USER") { $0.command == "USER" }
    }
    defer { server.stop() }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let recording = folder.path + "/run.chat"
    let terminal = try PseudoTerminal(arguments: [
      "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--seed", "3",
      "--record", recording,
    ])
    defer { terminal.stop() }
    terminal.expectScreen("the reconnect", within: 30) { screen in
      screen.logicalLines.contains { $0.contains("reconnecting") }
    }
    terminal.type("\u{4}")  // Ctrl-D: leave.
    let status = try #require(terminal.waitForExit(within: 20))
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("\nline-mode yes\n"), "\(recorded)")
    let replay = try BinaryRunner.run(
      ["--scenario", recording], environment: folder.environment())
    #expect(replay.status == status, "live exited \(status): \(replay.stderr)\n\(recorded)")
    #expect(replay.output.contains("reconnecting to 127.0.0.1:"), "\(replay.output)")
  }

  /// `--keep-listening` after the input ended, stopped by SIGTERM: live exits 143 (128 + 15),
  /// and the replay of its `signal 15` entry, which follows `end`, exits 143 too.
  @Test func aRunStoppedBySIGTERMAfterItsInputEndedReplaysItsStatus() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin("#chat")
      try connection.send("\(Self.bob) PRIVMSG #chat :still listening")
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--renderer",
        "jsonl", "--keep-listening", "--record", recording,
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains("still listening") }, "\(chat.stdout)")
    chat.closeInput()
    let ended = Deadline(seconds: 20)
    while !ended.hasPassed,
      !((try? String(contentsOfFile: recording, encoding: .utf8)) ?? "").contains(" end\n")
    {
      usleep(20_000)
    }
    kill(chat.pid, SIGTERM)
    #expect(chat.waitForExit(within: 20) == 128 + SIGTERM, "\(chat.stderr)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains(" end\n") && recorded.hasSuffix(" signal 15\n"), "\(recorded)")
    try chat.ending.expectReplay(of: recording, environment: home.environment())
  }

  /// A line of 1 MiB arrives in pieces: live says it is dropped as it crosses the cap, before
  /// its end arrives; the replay says so at the same moment (the recording's `overflowing`
  /// entry), so what follows (the notice at its end, within the second, counted into the
  /// next one) matches too.
  @Test func aLineCrossingTheCapWhileArrivingIsReportedThenInTheReplayToo() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin("#chat")
      try connection.send("\(Self.bob) PRIVMSG #chat :before the long line")
      let head = Array("\(Self.bob) PRIVMSG #chat :".utf8)
      try connection.send(bytes: head + Array(repeating: 0x41, count: 16 * 1024))
      usleep(300_000)  // The script's pace, not the test's synchronisation.
      try connection.send(bytes: Array(repeating: 0x41, count: (1 << 20) - head.count))
      try connection.send(bytes: [0x0D, 0x0A])
      try connection.send("\(Self.bob) PRIVMSG #chat :after the long line")
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--renderer",
        "jsonl", "--keep-listening", "--record", recording,
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains("after the long line") }, "\(chat.stdout)")
    kill(chat.pid, SIGTERM)
    #expect(chat.waitForExit(within: 20) == 128 + SIGTERM, "\(chat.stderr)")
    #expect(chat.stderr.contains("dropping it as it arrives"), "\(chat.stderr)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains(" overflowing 8701\n"), "\(recorded)")
    #expect(recorded.contains(" oversized \((1 << 20) + 16 * 1024)\n"), "\(recorded)")
    try chat.ending.expectReplay(of: recording, environment: home.environment())
  }
}
