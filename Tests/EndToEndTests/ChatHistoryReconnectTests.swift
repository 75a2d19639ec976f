import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// After a reconnect chat fetches exactly what it missed (`CHATHISTORY AFTER`, paged), through
/// the built binary on Ergo: its link is cut by a proxy and held down while alice speaks;
/// once back, every missed message shows once, in order, marked as history. The run is
/// recorded, and its replay prints the same bytes.
@Suite(.ownThread, .requires(.ergo), .timeLimit(.minutes(10)))
struct ChatHistoryReconnectTests {
  @Test func everyMessageMissedWhileAwayShowsOnceInOrderAsHistory() throws {
    var configuration = ErgoServer.Configuration()
    // Three lines a page: the seven messages missed (and the quit and join around them)
    // take three full pages and an empty one.
    configuration.chathistoryMaxMessages = 3
    let server = try ErgoServer.start(configuration)
    defer { server.stop() }
    let alice = try ChatHistoryTests.alice(saying: ["before 1", "before 2"], in: "#h", on: server)
    defer { alice.close() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let (recording, log) = (home.path + "/run.chat", home.path + "/live.log")
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(proxy.port)/#h", "--name", "bot", "--renderer", "jsonl",
        "--record", recording, "--log", log,
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""text":"before 2""#) }, "\(chat.stdout)")
    try alice.send("PRIVMSG #h :live 1")
    #expect(chat.waitFor { $0.contains(#""text":"live 1""#) }, "\(chat.stdout)")

    // The link goes, and stays down while alice speaks.
    proxy.inject(.refuseNewConnections(true))
    proxy.inject(.cut)
    _ = try alice.waitFor("bot's quit") { $0.command == "QUIT" && $0.nick == "bot" }
    let missed = (1...7).map { "missed \($0)" }
    for text in missed { try alice.send("PRIVMSG #h :\(text)") }
    try alice.send("PING :said")
    try alice.waitFor(command: "PONG")
    proxy.inject(.refuseNewConnections(false))

    _ = try alice.waitFor("bot's rejoin", timeout: 30) { $0.command == "JOIN" && $0.nick == "bot" }
    #expect(chat.waitFor(within: 30) { $0.contains(#""text":"missed 7""#) }, "\(chat.stdout)")
    try alice.send("PRIVMSG #h :after")
    #expect(chat.waitFor { $0.contains(#""text":"after""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")

    let shown = ChatHistoryTests.messages(chat.stdout)
    #expect(
      shown.map { $0["text"] as? String }
        == ["before 1", "before 2", "live 1"] + missed + ["after"], "\(chat.stdout)")
    #expect(
      shown.map { $0["history"] as? Bool }
        == [true, true, nil] + missed.map { _ in true } + [nil], "\(chat.stdout)")
    #expect(Set(shown.compactMap { $0["msgid"] as? String }).count == shown.count)

    // The replay of the recording prints what the live run printed, byte for byte.
    let replay = try BinaryRunner.run(
      ["--scenario", recording, "--renderer", "jsonl", "--log", home.path + "/replayed.log"],
      environment: home.environment())
    let recorded = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.output == chat.stdout, "the recording:\n\(recorded)")
    let liveLog = try String(contentsOfFile: log, encoding: .utf8)
    #expect(try String(contentsOfFile: home.path + "/replayed.log", encoding: .utf8) == liveLog)
    // Paged: a full page of three is followed by another, after its last line.
    let pages = recorded.components(separatedBy: "> CHATHISTORY AFTER #h msgid=").count - 1
    #expect(pages >= 3, "\(recorded)")
  }
}

/// Private chats held while away (`CHATHISTORY TARGETS`) through the built binary on Ergo:
/// chat is logged in to an always-on account, its link is cut, carol writes to it meanwhile;
/// once back, carol's private chat opens with her message, marked as history, once.
@Suite(.ownThread, .requires(.ergo), .timeLimit(.minutes(10)))
struct ChatHistoryTargetsTests {
  @Test func aPrivateChatHeldWhileAwayOpensWithItsMessages() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    // The account, always on: the server keeps its private messages while no client is on.
    let owner = try RawIRCClient.connect(port: server.port)
    try owner.register(nick: "bot")
    // Ergo's NickServ logs the new account in at once and says so in a notice (no 900).
    try owner.registerErgoAccount(password: "pw-bot-123")
    try owner.send("PRIVMSG NickServ :SET always-on true")
    try owner.waitFor("always-on") { $0.trailing?.contains("always-on") == true }
    owner.close()
    let alice = try ChatHistoryTests.alice(saying: ["before"], in: "#h", on: server)
    defer { alice.close() }
    let carol = try RawIRCClient.connect(port: server.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let password = try home.write("pw-bot-123\n", to: "bot.pass")
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(proxy.port)/#h", "--name", "bot", "--renderer", "jsonl",
        "--sasl-user", "bot", "--sasl-password-file", password,
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""text":"before""#) }, "\(chat.stdout)")

    proxy.inject(.refuseNewConnections(true))
    proxy.inject(.cut)
    #expect(chat.waitFor { $0.contains(#""status":"disconnected""#) }, "\(chat.stdout)")
    try carol.send("PRIVMSG bot :while you were away")
    try carol.send("PING :said")
    try carol.waitFor(command: "PONG")
    proxy.inject(.refuseNewConnections(false))

    #expect(
      chat.waitFor(within: 30) { $0.contains(#""text":"while you were away""#) },
      "\(chat.stdout)\n\(chat.stderr)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let fromCarol = ChatHistoryTests.messages(chat.stdout).filter {
      $0["text"] as? String == "while you were away"
    }
    #expect(fromCarol.count == 1, "\(chat.stdout)")
    #expect(fromCarol.first?["conversation"] as? String == "carol")
    #expect(fromCarol.first?["history"] as? Bool == true, "\(chat.stdout)")
  }
}
