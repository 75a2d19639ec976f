import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `chat --server` piped, against an InspIRCd the test starts: what a bot or a script does.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct IRCSessionPipedTests {
  @Test func aPipedLineIsSentOnceConfirmedAndChatExitsZero() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "jsonl"],
      stdin: Array("hi\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    // The JSON lines show the message entering the conversation.
    #expect(run.output.contains("\"text\":\"hi\""), "\(run.output)")

    let lines = try watcher.collect(for: 1.5)
    let messages = lines.filter { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(messages.map(\.trailing) == ["hi"], "\(watcher.recent)")
    // A polite QUIT with chat's reason, not a dropped connection.
    let quit = lines.first { $0.command == "QUIT" && $0.nick == "bot" }
    #expect(quit?.trailing?.hasSuffix("chat") == true, "\(watcher.recent)")
  }

  @Test func slashQuitWithAReasonSaysItInTheQuit() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot"],
      stdin: Array("hi\n/quit Gone fishing\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try watcher.collect(for: 1.5)
    // Once "hi" is confirmed: the user's reason, in the server's form (`Quit: Gone fishing`).
    let quit = lines.first { $0.command == "QUIT" && $0.nick == "bot" }
    #expect(quit?.trailing?.hasSuffix("Gone fishing") == true, "\(watcher.recent)")
    let said = lines.filter { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(said.map(\.trailing) == ["hi"], "\(watcher.recent)")
  }

  @Test func slashMeIsAnActionAndSlashMsgAPrivateMessage() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot"],
      stdin: Array("/me waves\n/msg watcher psst\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    let said = try watcher.collect(for: 1).filter { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(said.map(\.parameters) == [["#ops", "\u{1}ACTION waves\u{1}"], ["watcher", "psst"]])
  }

  @Test func aLineForAChannelThatWouldNotLetChatInIsNotSentAndSaysWhy() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let owner = try RawIRCClient.joined("#locked", as: "owner", port: server.port)
    defer { owner.close() }
    // Invite only: chat's JOIN fails. The line then stays in the server's own conversation,
    // which sends nothing: it is not guessed the channel that refused chat.
    try owner.send("MODE #locked +i")
    try owner.waitFor(command: "MODE")

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#locked", "--name", "bot"],
      stdin: Array("let me in\n".utf8), environment: home.environment())
    #expect(run.status == 75, "\(run.output)\n\(run.stderr)")
    #expect(run.stderr.contains("cannot join #locked"), "\(run.stderr)")
    #expect(run.stderr.contains("not sent: '127.0.0.1' is the server's own"), "\(run.stderr)")
    #expect(run.stderr.contains("1 message not delivered"), "\(run.stderr)")
    let lines = try owner.collect(for: 0.5)
    #expect(!lines.contains { $0.command == "PRIVMSG" }, "\(owner.recent)")
  }

  @Test func aTakenNickFallsBackAndSaysSo() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let holder = try RawIRCClient.joined("#ops", as: "bot", port: server.port)
    defer { holder.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot"],
      stdin: Array("second bot\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("the nick bot was refused"), "\(run.stderr)")
    #expect(run.stderr.contains("registered as bot_"), "\(run.stderr)")
    let said = try holder.waitFor("bot_'s message") { $0.command == "PRIVMSG" }
    #expect(said.nick == "bot_" && said.trailing == "second bot")
  }

  @Test func aLongLineArrivesInPiecesThatMakeUpTheOriginal() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    var text = ""
    var word = 0
    while text.utf8.count < 2000 {
      text += "word\(word) "
      word += 1
    }
    text = String(text.prefix(2000))
    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot"],
      stdin: Array((text + "\n").utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("parts"), "\(run.stderr)")
    var pieces: [String] = []
    while pieces.joined().utf8.count < text.utf8.count {
      let line = try watcher.waitFor("a piece", timeout: 15) {
        $0.command == "PRIVMSG" && $0.nick == "bot"
      }
      #expect(line.raw.utf8.count <= 510)
      pieces.append(line.trailing ?? "")
    }
    #expect(pieces.count >= 5)
    #expect(pieces.joined() == text)
  }

  @Test func aRefusedPortExitsSixtyNineNamingHostAndPort() throws {
    let port = try ReservedPort()
    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(port.number)/#ops"], stdin: Array("hi\n".utf8),
      environment: home.environment(), timeout: 20)
    #expect(run.status == 69, "\(run.stderr)")
    #expect(run.stderr.contains("127.0.0.1:\(port.number)"), "\(run.stderr)")
    #expect(run.stderr.contains("refused"), "\(run.stderr)")
  }
}

@Suite(.ownThread, .requires(.ngircd), .timeLimit(.minutes(10)))
struct IRCSessionNgircdTests {
  @Test func withoutEchoMessageAPingAfterTheMessageConfirmsIt() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "jsonl"],
      stdin: Array("one\ntwo\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    // ngircd's own notices (connection statistics at the end) are messages too, not ours.
    let entered = run.lines.filter {
      $0.contains("\"type\":\"message\"") && !$0.contains("\"notice\":true")
    }
    #expect(entered.count == 2, "\(run.output)")
    let said = try watcher.collect(for: 1).filter { $0.command == "PRIVMSG" }.map(\.trailing)
    #expect(said == ["one", "two"])
  }
}
