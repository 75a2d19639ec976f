import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `--record` on a run against a real InspIRCd, then `--scenario` on the recording: the
/// replay prints exactly what the live run printed.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct RecordReplayTests {
  @Test func aReplayedRecordingPrintsWhatTheLiveRunPrinted() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let log = home.path + "/live.log"
    let chat = try LiveChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer",
        "jsonl", "--record", recording, "--log", log,
      ], environment: home.environment())
    defer { chat.close() }
    _ = try watcher.waitFor("bot's join") { $0.command == "JOIN" && $0.nick == "bot" }
    try watcher.send("PRIVMSG #ops :hello bot")
    try watcher.send("TOPIC #ops :release day")
    chat.type("hi watcher")
    _ = try watcher.waitFor("bot's message") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    try watcher.send("NICK watcher2")
    try watcher.waitFor(command: "NICK")
    chat.type("/me waves")
    _ = try watcher.waitFor("bot's action") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    chat.endInput()
    #expect(chat.wait() == 0, "\(chat.stderr)")
    let live = chat.stdout

    let replay = try BinaryRunner.run(
      [
        "--scenario", recording, "--renderer", "jsonl", "--log", home.path + "/replayed.log",
      ], environment: home.environment())
    #expect(replay.status == 0, "\(replay.stderr)")
    let text = String(decoding: live, as: UTF8.self)
    #expect(text.contains("hello bot") && text.contains("release day"), "\(text)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(replay.output == text, "the recording:\n\(recorded)")
    let liveLog = try String(contentsOfFile: log, encoding: .utf8)
    #expect(try String(contentsOfFile: home.path + "/replayed.log", encoding: .utf8) == liveLog)
    // What the live session said on standard error, the replay says too.
    #expect(replay.stderr == chat.stderr)
  }
}

/// A recording of a logged-in run holds no password and no SASL payload, and still replays.
@Suite(.ownThread, .requires(.inspircd, .atheme), .timeLimit(.minutes(10)))
struct RecordingSecretTests {
  @Test func theRecordingOfASASLRunHoldsNoPasswordAndStillReplays() throws {
    var configuration = InspIRCdConfiguration()
    configuration.services = true
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let services = try AthemeServices.start(linkedTo: server)
    defer { services.stop() }
    let password = "swordfish-\(UInt32.random(in: 1000...9999))"
    let owner = try RawIRCClient.connect(port: server.port)
    defer { owner.close() }
    try owner.register(nick: "erin")
    try owner.send("PRIVMSG NickServ :REGISTER \(password) erin@example.invalid")
    try owner.waitFor("900 logged in") { $0.command == "900" }
    owner.close()

    let home = try ScratchFolder()
    defer { home.remove() }
    let passwordFile = try home.write(password + "\n", to: "sasl.pass")
    let recording = home.path + "/run.chat"
    let run = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#vault", "--name", "erin2", "--sasl-user",
        "erin", "--sasl-password-file", passwordFile, "--record", recording, "--renderer",
        "jsonl",
      ], stdin: Array("logged in\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    let payload = Data("erin\u{0}erin\u{0}\(password)".utf8).base64EncodedString()
    #expect(!recorded.contains(password))
    #expect(!recorded.contains(payload))
    #expect(!recorded.contains(String(payload.prefix(12))))
    #expect(recorded.contains("> AUTHENTICATE <redacted>"), "\(recorded)")
    #expect(recorded.contains("\nsasl PLAIN erin\n"), "\(recorded)")
    #expect(recorded.contains(" 903 "), "\(recorded)")

    let replay = try BinaryRunner.run(
      ["--scenario", recording, "--renderer", "jsonl"], environment: home.environment())
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.output == run.output)
    #expect(replay.stderr.contains("logged in as erin"), "\(replay.stderr)")
    for output in [replay.output, replay.stderr] { #expect(!output.contains(password)) }
  }
}

/// `chat --scenario` on a malformed recording: `chat: FILE:LINE: what is wrong`, exit 65.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct RecordingCommandTests {
  @Test func aMalformedRecordingNamesFileAndLineAndExitsSixtyFive() throws {
    let home = try ScratchFolder()
    defer { home.remove() }
    let path = try home.write(
      "server irc://127.0.0.1:6667\nname bot\n\n0ms connecting\n5ms closed\n6ms hung-up now\n",
      to: "bad.chat")
    let run = try BinaryRunner.run(["--scenario", path], environment: home.environment())
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "chat: \(path):6: expected '| text', '\"text\"', 'end' or 'quit' after the time,"
        + " found 'hung-up now'\n")
  }

  @Test func aRecordingWithoutItsEndStillPlaysToTheEnd() throws {
    let home = try ScratchFolder()
    defer { home.remove() }
    // Cut off mid-run (kill -9): the replay leaves once nothing more can come.
    let path = try home.write(
      """
      server irc://127.0.0.1:6667
      name bot
      start 2026-12-01T14:00:00.000Z

      0ms connecting
      1ms connected
      1s < :irc.test 001 bot :Welcome
      1.5s | hello
      """, to: "cut.chat")
    let run = try BinaryRunner.run(["--scenario", path], environment: home.environment())
    // As the run would have: typed in the server's own conversation, hello went nowhere
    // (exit 75).
    #expect(run.status == 75, "\(run.stderr)")
    #expect(
      run.stderr
        == "not sent: '127.0.0.1' is the server's own conversation, which takes no messages;"
        + " /join a channel, or /msg NAME TEXT\nchat: 1 message not delivered\n")
    #expect(run.output.hasPrefix("14:00:00.000 * connecting\n"), "\(run.output)")
  }
}

/// `chat --scenario` on a recording whose `pacing` is malformed: `FILE:LINE`, exit 65.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct RecordingPacingCommandTests {
  @Test func aMalformedPacingNamesFileAndLineAndExitsSixtyFive() throws {
    let home = try ScratchFolder()
    defer { home.remove() }
    let path = try home.write(
      "server irc://127.0.0.1:6667\nname bot\npacing 5/fast\n\n0ms connecting\n", to: "bad.chat")
    let run = try BinaryRunner.run(["--scenario", path], environment: home.environment())
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "chat: \(path):3: invalid pacing '5/fast': expected BURST/MS, a burst of 1-10000"
        + " lines and 0-60000 ms (e.g. 5/1000)\n")
  }
}
