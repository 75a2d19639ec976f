import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The server's own conversation against an InspIRCd the test starts, through the built
/// binary: text typed there goes nowhere (and says why), piped input waits for the first
/// channel, and `/topic TEXT` sets the topic.
@Suite(.requires(.inspircd), .timeLimit(.minutes(10)))
struct IRCServerConversationTests {
  /// A watcher in `#ops` (its operator, the first to join) after setting each of `modes`
  /// (each must change something, since the server confirms only a change).
  private static func watcher(port: UInt16, modes: String...) throws -> RawIRCClient {
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: port)
    for change in modes {
      try watcher.send("MODE #ops \(change)")
      try watcher.waitFor(command: "MODE")
    }
    return watcher
  }

  @Test func aPipedLineWaitsForTheChannelTheURLNames() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try Self.watcher(port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "jsonl"],
      stdin: Array("deploy done\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    // The run opens in the server's own conversation, named after the host as given.
    #expect(run.output.hasPrefix(#"{"type":"start","seq":1,"schema":2,"title":"127.0.0.1""#))
    #expect(!run.stderr.contains("not sent"), "\(run.stderr)")
    let said = try watcher.collect(for: 1.5).filter { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(said.map(\.parameters) == [["#ops", "deploy done"]], "\(watcher.recent)")
  }

  @Test func textAfterPartingIsNotSentToTheChannelJustLeft() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    // Without +n a line sent to #ops from outside would be delivered: none must be.
    let watcher = try Self.watcher(port: server.port, modes: "-n")
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    // Spawned with an empty signal mask and stopped by its pid, even if the test fails.
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "log"],
      environment: home.environment())
    defer { chat.stop() }
    _ = try watcher.waitFor("bot's join") { $0.command == "JOIN" && $0.nick == "bot" }
    #expect(chat.waitFor { $0.contains("[#ops] -- you joined") }, "\(chat.stdout)")
    chat.type("/part #ops brb")
    _ = try watcher.waitFor("bot's part") { $0.command == "PART" && $0.nick == "bot" }
    #expect(chat.waitFor { $0.contains("[#ops] -- you left") }, "\(chat.stdout)")
    chat.type("still here?")
    chat.closeInput()
    #expect(chat.waitForExit() == 75, "one line typed went nowhere: \(chat.stderr)")
    #expect(
      chat.stderr.contains(
        "not sent: '127.0.0.1' is the server's own conversation, which takes no messages;"
          + " /join a channel, or /msg NAME TEXT"), "\(chat.stderr)")
    let lines = try watcher.collect(for: 1)
    #expect(!lines.contains { $0.command == "PRIVMSG" }, "\(watcher.recent)")
  }

  @Test func aFirstPipedTopicSetsTheChannelsTopicOnceTheServerConfirmsIt() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try Self.watcher(port: server.port, modes: "-t")
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "log"],
      stdin: Array("/topic release on friday\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("not supported"), "\(run.stderr)")
    #expect(run.output.contains("[#ops] -- topic set by bot: release on friday"), "\(run.output)")
    let topic = try watcher.waitFor("bot's topic") { $0.command == "TOPIC" && $0.nick == "bot" }
    #expect(topic.parameters == ["#ops", "release on friday"])
  }

  @Test func aJSONTopicRequestSetsTheTopic() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try Self.watcher(port: server.port, modes: "-t")
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--input", "jsonl",
        "--renderer", "jsonl",
      ],
      stdin: Array(#"{"type":"topic","text":"deploys paused"}"#.utf8 + [0x0A]),
      environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    let topics = run.lines.filter { $0.contains(#""type":"topic""#) }
    #expect(
      topics.contains { $0.contains(#""topic":"deploys paused","by":"bot""#) }, "\(run.output)")
    let topic = try watcher.waitFor("bot's topic") { $0.command == "TOPIC" && $0.nick == "bot" }
    #expect(topic.parameters == ["#ops", "deploys paused"])
  }

  @Test func aTopicRefusedOnAPlusTChannelSaysTheServersReason() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try Self.watcher(port: server.port, modes: "-t", "+t")
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "log"],
      stdin: Array("/topic mine now\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("server (482): #ops: "), "\(run.stderr)")
    #expect(!run.output.contains("topic set by bot"), "\(run.output)")
    let lines = try watcher.collect(for: 1)
    #expect(!lines.contains { $0.command == "TOPIC" }, "\(watcher.recent)")
  }
}
