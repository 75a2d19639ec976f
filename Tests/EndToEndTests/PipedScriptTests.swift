import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// A script or a bot piping its lines into `chat --server` through a real pipe, as
/// `printf '/join #x\n' | chat --server …` does: chat connects, registers, carries out every
/// line after what it depends on (the join confirmed before a message goes to the channel, the
/// message confirmed before the part), and only then leaves. A raw client in the channel
/// checks the order on the wire.
enum PipedScript {
  /// How the script's lines are written.
  enum Form: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Typed lines and slash commands.
    case text
    /// `--input jsonl` requests.
    case json

    var testDescription: String { rawValue }
  }

  /// `/join #ops`, `hello ops`, `/part #ops` in `form`, and the option that reads it.
  static func joinSayAndPart(_ channel: String, _ form: Form) -> (
    lines: [String], options: [String]
  ) {
    switch form {
    case .text:
      (["/join \(channel)", "hello ops", "/part \(channel)"], [])
    case .json:
      (
        [
          #"{"type":"join","conversation":"\#(channel)"}"#,
          #"{"type":"send","text":"hello ops"}"#,
          #"{"type":"part","conversation":"\#(channel)"}"#,
        ], ["--input", "jsonl"]
      )
    }
  }

  /// Runs chat with `arguments`, its standard input a pipe holding `lines` and then closed
  /// (as from `printf`), in a home of its own.
  static func run(
    _ lines: [String], into arguments: [String], home: ScratchFolder, timeout: Double = 60
  ) throws -> BinaryRunner.Result {
    try BinaryRunner.run(
      arguments, stdin: Array(lines.map { $0 + "\n" }.joined().utf8), throughPipe: true,
      environment: home.environment(), timeout: timeout)
  }

  /// What `nick` did on the wire as the watcher saw it, in order: `JOIN #ops`,
  /// `PRIVMSG #ops :hello ops`, `PART #ops` (its quit left out).
  static func wire(of nick: String, _ lines: [IRCLine]) -> [String] {
    lines.filter { $0.nick == nick && $0.command != "QUIT" }.map { line in
      let target = line.parameters.first ?? ""
      return line.command == "PRIVMSG"
        ? "PRIVMSG \(target) :\(line.trailing ?? "")" : "\(line.command) \(target)"
    }
  }
}

@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct PipedScriptTests {
  @Test func aScriptOfOnlyACommandConnectsCarriesItOutAndOnlyThenLeaves() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#x", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try PipedScript.run(
      ["/join #x"], into: ["--server", "irc://127.0.0.1:\(server.port)", "--name", "bot"],
      home: home)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.output.contains("[#x] -- you joined"), "\(run.output)")
    let lines = try watcher.collect(for: 1)
    #expect(PipedScript.wire(of: "bot", lines) == ["JOIN #x"], "\(watcher.recent)")
    // A polite goodbye after the join, not a connection dropped before it.
    let quit = lines.first { $0.command == "QUIT" && $0.nick == "bot" }
    #expect(quit?.trailing?.hasSuffix("chat") == true, "\(watcher.recent)")
  }

  @Test(arguments: PipedScript.Form.allCases)
  func aJoinAMessageAndAPartGoOutInOrderEachAfterWhatItDependsOn(form: PipedScript.Form)
    throws
  {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let (lines, options) = PipedScript.joinSayAndPart("#ops", form)
    let run = try PipedScript.run(
      lines,
      into: ["--server", "irc://127.0.0.1:\(server.port)", "--name", "bot", "--renderer", "jsonl"]
        + options, home: home)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "nothing failed: \(run.stderr)")
    // Delivered in #ops (its echo), and only then left.
    let kinds = run.lines.compactMap { line -> String? in
      for kind in [#""type":"message""#, #""type":"left""#] where line.contains(kind) {
        return line.contains(##""conversation":"#ops""##) ? kind : nil
      }
      return nil
    }
    #expect(kinds == [#""type":"message""#, #""type":"left""#], "\(run.output)")
    let said = PipedScript.wire(of: "bot", try watcher.collect(for: 1))
    #expect(said == ["JOIN #ops", "PRIVMSG #ops :hello ops", "PART #ops"], "\(watcher.recent)")
  }

  /// Where a renderer shows notices when piped: the line format in its own stream, the log
  /// and JSON lines on standard error.
  private static func notices(_ run: BinaryRunner.Result, _ renderer: String) -> String {
    renderer == "line" ? run.output : run.stderr
  }

  @Test(arguments: ["line", "log", "jsonl"])
  func aRefusedJoinSaysWhyAndSoDoesEveryLineThatCouldNotFollowIt(renderer: String) throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let owner = try RawIRCClient.joined("#locked", as: "owner", port: server.port)
    defer { owner.close() }
    try owner.send("MODE #locked +i")
    try owner.waitFor(command: "MODE")

    let home = try ScratchFolder()
    defer { home.remove() }
    let (lines, _) = PipedScript.joinSayAndPart("#locked", .text)
    let run = try PipedScript.run(
      lines,
      into: [
        "--server", "irc://127.0.0.1:\(server.port)", "--name", "bot", "--renderer", renderer,
      ],
      home: home)
    #expect(run.status == 75, "\(run.output)\n\(run.stderr)")
    // The join's refusal came before the next line was read: each reason, in order.
    let reasons = [
      "cannot join #locked: ", "not sent: '127.0.0.1' is the server's own conversation",
      "no conversation '#locked' is open",
    ]
    let shown = Self.notices(run, renderer)
    let positions = reasons.map { shown.range(of: $0)?.lowerBound }
    #expect(!positions.contains(nil), "\(shown)")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(shown)")
    #expect(run.stderr.hasSuffix("chat: 1 message not delivered\n"), "\(run.stderr)")
    let said = PipedScript.wire(of: "bot", try owner.collect(for: 0.5))
    #expect(said.isEmpty, "\(owner.recent)")
  }

  @Test(arguments: ["line", "log", "jsonl"])
  func aMessageTheChannelRefusesFailsWithTheServersReasonBeforeThePart(renderer: String) throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }
    try watcher.send("MODE #ops +m")
    try watcher.waitFor(command: "MODE")

    let home = try ScratchFolder()
    defer { home.remove() }
    let (lines, _) = PipedScript.joinSayAndPart("#ops", .text)
    let run = try PipedScript.run(
      lines,
      into: [
        "--server", "irc://127.0.0.1:\(server.port)", "--name", "bot", "--renderer", renderer,
      ],
      home: home)
    #expect(run.status == 75, "\(run.output)\n\(run.stderr)")
    // The server's words (404, +m) where the renderer shows notices, and the failure in its
    // conversation in the renderer's own stream (the reason too, in a JSON `failed` object).
    let shown = Self.notices(run, renderer)
    #expect(shown.contains("(404): You cannot send messages"), "\(shown)")
    switch renderer {
    case "jsonl":
      let failed = run.lines.first { $0.contains(#""type":"failed""#) }
      #expect(failed?.contains(##""conversation":"#ops""##) == true, "\(run.output)")
      #expect(failed?.contains("+m (moderated) mode is set") == true, "\(run.output)")
    case "log":
      #expect(run.output.contains("[#ops] ! not delivered: hello ops"), "\(run.output)")
    default:
      #expect(run.output.contains(" ! not delivered: hello ops"), "\(run.output)")
    }
    #expect(run.stderr.contains("chat: 1 message not delivered"), "\(run.stderr)")
    // Refused, the message settled before chat left: the part still came, after it.
    let said = PipedScript.wire(of: "bot", try watcher.collect(for: 1))
    #expect(said == ["JOIN #ops", "PART #ops"], "\(watcher.recent)")
  }
}

@Suite(.ownThread, .requires(.ngircd), .timeLimit(.minutes(10)))
struct PipedScriptNgircdTests {
  /// ngircd has no `echo-message`: the `PING` after the message confirms it, and only then
  /// does the part go.
  @Test(arguments: PipedScript.Form.allCases)
  func withoutEchoMessageThePingConfirmsTheMessageBeforeThePart(form: PipedScript.Form) throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let (lines, options) = PipedScript.joinSayAndPart("#ops", form)
    let run = try PipedScript.run(
      lines,
      into: ["--server", "irc://127.0.0.1:\(server.port)", "--name", "bot", "--renderer", "log"]
        + options, home: home)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.output.contains("[#ops] bot: hello ops"), "\(run.output)")
    #expect(run.output.contains("[#ops] -- you left"), "\(run.output)")
    let said = PipedScript.wire(of: "bot", try watcher.collect(for: 1))
    #expect(said == ["JOIN #ops", "PRIVMSG #ops :hello ops", "PART #ops"], "\(watcher.recent)")
  }

  @Test func aScriptOfOnlyACommandCarriesItOutBeforeLeaving() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#x", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try PipedScript.run(
      ["/join #x"], into: ["--server", "irc://127.0.0.1:\(server.port)", "--name", "bot"],
      home: home)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(PipedScript.wire(of: "bot", try watcher.collect(for: 1)) == ["JOIN #x"])
  }
}

/// Scripts against a server the test plays itself, to hold an answer back.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct PipedScriptWaitTests {
  /// Without `echo-message` the `PING` after the message confirms it: held back for a
  /// second, it holds the part back too.
  @Test func thePartWaitsForTheMessageToBeConfirmed() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin("#ops")
      try connection.waitForLine("PRIVMSG") { $0.command == "PRIVMSG" }
      let ping = try connection.waitForLine("PING") { $0.command == "PING" }
      connection.listen(for: 1)
      let early = connection.lines.contains { $0.command == "PART" }
      let name = ScriptedConnection.serverName
      try connection.send(":\(name) PONG \(name) :\(ping.trailing ?? "")")
      try connection.waitForLine("PART") { $0.command == "PART" }
      if early { throw PartTooEarly() }
      try connection.send(":\(connection.nick)!user@127.0.0.1 PART #ops")
      try connection.waitForLine("QUIT") { $0.command == "QUIT" }
      connection.close()
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let (lines, _) = PipedScript.joinSayAndPart("#ops", .text)
    let run = try PipedScript.run(
      lines, into: ["--server", "irc://127.0.0.1:\(server.port)", "--name", "bot"], home: home)
    #expect(run.status == 0, "\(run.output)\n\(run.stderr)")
    #expect(server.failures.isEmpty, "\(server.failures)")
    let watched: Set<String> = ["JOIN", "PRIVMSG", "PING", "PART", "QUIT"]
    let said = (server.connections.first?.lines ?? []).map(\.command).filter(watched.contains)
    #expect(said == ["JOIN", "PRIVMSG", "PING", "PART", "QUIT"])
  }

  private struct PartTooEarly: Error, CustomStringConvertible {
    var description: String { "PART arrived before the message was confirmed" }
  }

  @Test(.fullTier) func aJoinTheServerNeverAnswersHoldsTheScriptThirtySecondsAtMost() throws {
    let server = try ScriptedServer { connection in
      try connection.waitForLine("JOIN #void") { $0.command == "JOIN" }
      connection.listen(for: 60)  // Says nothing more, until chat hangs up.
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try PipedScript.run(
      ["/join #void", "hello"],
      into: ["--server", "irc://127.0.0.1:\(server.port)", "--name", "bot"], home: home,
      timeout: 90)
    #expect(run.status == 75, "\(run.output)\n\(run.stderr)")
    #expect(run.seconds >= 30, "the join had its 30 s")
    #expect(
      run.stderr.contains("no answer to joining #void within 30 s; going on without it"),
      "\(run.stderr)")
    #expect(run.stderr.contains("not sent: '127.0.0.1' is the server's own"), "\(run.stderr)")
    #expect(server.failures.isEmpty, "\(server.failures)")
  }
}
