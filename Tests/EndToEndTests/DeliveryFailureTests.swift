import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// A failed message through the built binary against InspIRCd: shown in the conversation it
/// was sent to, with its reason, in every renderer (the log on standard output, JSON lines,
/// one file per conversation, and standard error when piped); and a lost link told once.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct DeliveryFailureTests {
  /// `#chat` made moderated (`+m`) while chat is in it: chat's line is refused (404) and fails
  /// under `#chat`, where the same line delivered a moment later (`-m`) appears too.
  @Test func aRefusedLineIsShownInItsConversationWithTheServersReasonEverywhere() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let owner = try RawIRCClient.joined("#chat", as: "owner", port: server.port)
    defer { owner.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let jsonl = home.path + "/chat.jsonl"
    let directory = home.path + "/logs"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--renderer", "log",
        "--jsonl", jsonl, "--log-dir", directory,
      ], environment: home.environment())
    defer { chat.stop() }
    try owner.waitFor("bot's JOIN", timeout: 20) { $0.command == "JOIN" && $0.nick == "bot" }
    try owner.send("MODE #chat +m")
    try owner.waitFor(command: "MODE")
    chat.type("muted")
    #expect(chat.waitFor { $0.contains("! not delivered: muted") }, "\(chat.stdout)")
    try owner.send("MODE #chat -m")
    try owner.waitFor(command: "MODE")
    chat.type("heard")
    #expect(chat.waitFor { $0.contains("bot: heard") }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 75, "one message failed: \(chat.stderr)")

    // The log: the failed line and the delivered one both under #chat.
    let lines = chat.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasSuffix(" [#chat] ! not delivered: muted") }, "\(chat.stdout)")
    #expect(lines.contains { $0.hasSuffix(" [#chat] bot: heard") }, "\(chat.stdout)")
    // Standard error (piped): the reason, once.
    let refused = chat.stderr.split(separator: "\n").filter {
      $0.hasPrefix("a message was not delivered: the server refused it (404): ")
    }
    #expect(refused.count == 1, "\(chat.stderr)")
    // JSON lines: the failed object names #chat, as the message does, and says why.
    let objects = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
    let failed = objects.filter { $0.contains(#""type":"failed""#) }
    #expect(failed.count == 1)
    #expect(failed.first?.contains(##""conversation":"#chat""##) == true, "\(failed)")
    #expect(failed.first?.contains(#""text":"muted""#) == true)
    #expect(failed.first?.contains(#""reason":"the server refused it (404): "#) == true)
    let heard = objects.filter { $0.contains(#""type":"message""#) && $0.contains("heard") }
    #expect(heard.first?.contains(##""conversation":"#chat""##) == true, "\(heard)")
    // One file per conversation: #chat's holds the failure and its reason.
    let room = try String(contentsOfFile: directory + "/#chat.log", encoding: .utf8)
    #expect(room.contains(" ! not delivered: muted (the server refused it (404): "), "\(room)")
    #expect(room.contains(" bot: heard\n"), "\(room)")
  }

  /// Nine lines pasted to a person, the pacing holding most back, and the server killed: one
  /// `disconnected` notice, and the failed lines told once for each reason (the lines never
  /// sent together), in every renderer; the reconnect attempts after it repeat neither.
  @Test func aServerKilledMidRunIsOneDisconnectNoticeEverywhere() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#chat", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let log = home.path + "/chat.log"
    let jsonl = home.path + "/chat.jsonl"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--renderer", "log",
        "--log", log, "--jsonl", jsonl, "--seed", "3",
      ], environment: home.environment())
    defer { chat.stop() }
    try watcher.waitFor("bot's JOIN", timeout: 20) { $0.command == "JOIN" && $0.nick == "bot" }
    for number in 1...9 { chat.type("/msg watcher line \(number)") }
    // The first line's arrival says the paste reached chat; most wait for the pacing.
    try watcher.waitFor("the first line") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    server.kill()
    // Failed at once, and retried: two attempts refused after the disconnect.
    #expect(
      chat.waitFor(inErrors: true) { $0.components(separatedBy: " refused").count >= 3 },
      "\(chat.stderr)")
    chat.closeInput()
    #expect(chat.waitForExit() == 75, "\(chat.stderr)")

    let stderr = chat.stderr.split(separator: "\n").map(String.init)
    let files = [
      ("standard error", stderr),
      ("standard output", chat.stdout.split(separator: "\n").map(String.init)),
      (
        "the log",
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
      ),
    ]
    for (name, lines) in files {
      let disconnects = lines.filter { $0.contains("disconnected: ") }
      #expect(disconnects.count == 1, "\(name): \(lines)")
      let notices = lines.filter { $0.contains("not delivered: ") && !$0.contains(" ! ") }
      #expect(Set(notices).count == notices.count, "\(name): a notice repeated: \(notices)")
      #expect((1...2).contains(notices.count), "\(name): one for each reason: \(notices)")
      #expect(
        notices.contains {
          $0.contains("messages were not delivered: not sent: the connection was lost")
        },
        "\(name): the lines never sent, together: \(notices)")
    }
    // JSON lines: as many notices, and each failed line says why.
    let objects = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
    let failed = objects.filter { $0.contains(#""type":"failed""#) }
    let delivered = objects.filter { $0.contains(#""type":"message""#) && $0.contains("line ") }
    #expect(failed.count + delivered.count == 9, "\(objects)")
    #expect(failed.count >= 5, "most lines waited for the pacing: \(objects)")
    #expect(failed.allSatisfy { $0.contains(#""reason":""#) && $0.contains("connection was lost") })
    #expect(objects.filter { $0.contains(#""notice":"disconnected""#) }.count == 1)
    #expect((1...2).contains(objects.filter { $0.contains(#""notice":"not_delivered""#) }.count))
  }

  /// The echo held back by a proxy: 30 s after the line was written it fails as not
  /// confirmed in time, saying so on standard error and in its JSON `failed` object, and the
  /// late echo shows nothing.
  @Test(.fullTier) func aLineNotConfirmedInTimeSaysSoEverywhere() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let watcher = try RawIRCClient.joined("#chat", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(proxy.port)/#chat", "--name", "bot", "--renderer",
        "jsonl",
      ], environment: home.environment())
    defer { chat.stop() }
    try watcher.waitFor("bot's JOIN", timeout: 20) { $0.command == "JOIN" && $0.nick == "bot" }
    // chat itself must have seen its JOIN before the stall: the watcher can see it first, and a
    // line typed before chat has joined waits for the join, which the stall would hold forever.
    #expect(chat.waitFor(within: 20) { $0.contains(#""type":"joined""#) }, "\(chat.stdout)")
    proxy.inject(.stall(.toClient))
    chat.type("unheard")
    try watcher.waitFor("the line") { $0.command == "PRIVMSG" && $0.trailing == "unheard" }
    let limit = "the server did not confirm it within 30 s: it may or may not have arrived"
    #expect(
      chat.waitFor(within: 45) { $0.contains(#""type":"failed""#) }, "\(chat.stdout)")
    proxy.inject(.resume)
    chat.closeInput()
    #expect(chat.waitForExit() == 75, "\(chat.stderr)")
    let failed = chat.stdout.split(separator: "\n").filter { $0.contains(#""type":"failed""#) }
    #expect(failed.count == 1)
    #expect(failed.first?.contains(#""reason":"\#(limit)""#) == true, "\(failed)")
    #expect(chat.stderr.contains("a message was not delivered: " + limit), "\(chat.stderr)")
    #expect(!chat.stdout.contains(#""type":"message""#), "the late echo is not shown")
  }
}
