import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// History (`draft/chathistory`) through the built binary on Ergo: joining a channel shows its
/// latest messages marked as history, in order, never a mention; `--history 0` fetches none.
@Suite(.timeLimit(.minutes(10)))
struct ChatHistoryTests {
  /// alice in `channel` on `server`, having said `lines` (the server has them all when this
  /// returns: it answered a `PING` sent after them).
  static func alice(
    saying lines: [String], in channel: String, on server: ErgoServer
  ) throws -> RawIRCClient {
    let alice = try RawIRCClient.joined(channel, as: "alice", port: server.port)
    for line in lines { try alice.send("PRIVMSG \(channel) :\(line)") }
    try alice.send("PING :said")
    try alice.waitFor(command: "PONG")
    return alice
  }

  /// The JSON `message` objects of `output` (a JSON lines run's), in order.
  static func messages(_ output: String) -> [[String: Any]] {
    output.split(separator: "\n").compactMap { line in
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["type"] as? String == "message"
      else { return nil }
      return object
    }
  }

  @Test(.requires(.ergo)) func joiningShowsTheLatestMessagesAsHistoryInOrder() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let alice = try Self.alice(
      saying: ["one", "two", "three", "bot: still there?"], in: "#h", on: server)
    defer { alice.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#h", "--name", "bot", "--renderer", "jsonl",
        "--history", "4",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""text":"bot: still there?""#) }, "\(chat.stdout)")
    try alice.send("PRIVMSG #h :live")
    #expect(chat.waitFor { $0.contains(#""text":"live""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let shown = Self.messages(chat.stdout)
    // Four lines of history: alice's last three messages and bot's own join (an event, not
    // shown). Each once, in order, marked, none a mention.
    #expect(
      shown.map { $0["text"] as? String } == ["two", "three", "bot: still there?", "live"],
      "\(chat.stdout)")
    #expect(shown.map { $0["history"] as? Bool } == [true, true, true, nil])
    #expect(shown.allSatisfy { $0["mention"] == nil || $0["text"] as? String == "live" })
    #expect(shown.allSatisfy { $0["msgid"] is String })
  }

  @Test(.requires(.ergo)) func historyIsMarkedInTheLog() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let alice = try Self.alice(saying: ["earlier"], in: "#h", on: server)
    defer { alice.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#h", "--name", "bot"],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains("| alice: earlier") }, "\(chat.stdout)")
    try alice.send("PRIVMSG #h :now")
    #expect(chat.waitFor { $0.contains("] alice: now") }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }

  /// Rejoining fetches the latest messages again: those already shown, your own included
  /// (known by the msgid of its echo), are not shown twice.
  @Test(.requires(.ergo)) func rejoiningShowsNothingTwiceYourOwnIncluded() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let alice = try Self.alice(saying: ["earlier"], in: "#h", on: server)
    defer { alice.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#h", "--name", "bot", "--renderer", "jsonl"],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""text":"earlier""#) }, "\(chat.stdout)")
    chat.type("mine")
    #expect(chat.waitFor { $0.contains(#""text":"mine","time""#) }, "\(chat.stdout)")
    chat.type("/part #h")
    #expect(chat.waitFor { $0.contains(#""type":"left""#) }, "\(chat.stdout)")
    chat.type("/join #h")
    #expect(
      chat.waitFor { $0.components(separatedBy: #""type":"members""#).count == 3 },
      "\(chat.stdout)")
    try alice.send("PRIVMSG #h :after")
    #expect(chat.waitFor { $0.contains(#""text":"after""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    #expect(
      Self.messages(chat.stdout).map { $0["text"] as? String } == ["earlier", "mine", "after"],
      "\(chat.stdout)")
  }

  @Test(.requires(.ergo)) func aHistoryOfZeroFetchesNothing() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let alice = try Self.alice(saying: ["before"], in: "#h", on: server)
    defer { alice.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#h", "--name", "bot", "--renderer", "jsonl",
        "--history", "0",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")
    try alice.send("PRIVMSG #h :after")
    #expect(chat.waitFor { $0.contains(#""text":"after""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    #expect(Self.messages(chat.stdout).map { $0["text"] as? String } == ["after"])
  }
}

/// `/history [N]` through the built binary on Ergo: older messages than the oldest held,
/// marked as history, each once.
@Suite(.timeLimit(.minutes(10)))
struct HistoryCommandTests {
  @Test(.requires(.ergo)) func historyShowsOlderMessagesThanTheOldestHeld() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let said = (1...6).map { "said \($0)" }
    let alice = try ChatHistoryTests.alice(saying: said, in: "#h", on: server)
    defer { alice.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#h", "--name", "bot", "--renderer", "jsonl",
        "--history", "3",
      ],
      environment: home.environment())
    defer { chat.stop() }
    // The latest three lines: said 5, said 6 and bot's own join.
    #expect(chat.waitFor { $0.contains(#""text":"said 6""#) }, "\(chat.stdout)")
    chat.type("/history 2")
    #expect(chat.waitFor { $0.contains(#""text":"said 3""#) }, "\(chat.stdout)")
    chat.type("/history")
    #expect(chat.waitFor { $0.contains(#""text":"said 1""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let shown = ChatHistoryTests.messages(chat.stdout)
    #expect(
      shown.map { $0["text"] as? String }
        == ["said 5", "said 6", "said 3", "said 4", "said 1", "said 2"], "\(chat.stdout)")
    #expect(shown.allSatisfy { $0["history"] as? Bool == true })
  }
}
