import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Against a real InspIRCd, through the built binary: `/msg BOBBY hi` to someone whose nick
/// is `bobby`, and their answer, are one private chat, named as the server spells the nick
/// once it is known; a `NOTICE` from them looks different from a message (`-bobby- text` in
/// the log, `"notice":true` in JSON lines).
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct PrivateChatNameTests {
  @Test func aPrivateChatInOtherLettersIsOneConversationAndANoticeIsMarked() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let bobby = try RawIRCClient.joined("#ops", as: "bobby", port: server.port)
    defer { bobby.close() }
    let jsonl = home.path + "/run.jsonl"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "log",
        "--jsonl", jsonl,
      ], environment: home.environment())
    defer { chat.stop() }
    try bobby.waitFor("chat's JOIN") { $0.command == "JOIN" && $0.nick == "bot" }

    chat.type("/msg BOBBY hi")
    let hi = try bobby.waitFor("chat's PRIVMSG") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(hi.parameters == ["bobby", "hi"] || hi.parameters == ["BOBBY", "hi"], "\(hi)")
    try bobby.send("PRIVMSG bot :hello back")
    try bobby.send("NOTICE bot :psst")
    #expect(chat.waitFor { $0.contains("-bobby- psst\n") }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")

    let log = chat.stdout
    #expect(log.contains("[bobby] bobby: hello back\n"), "\(log)")
    #expect(log.contains("[bobby] -bobby- psst\n"), "\(log)")
    #expect(!log.contains("[BOBBY] bobby"), "\(log)")
    let objects = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
    let privateChats = objects.filter { $0.contains(##""kind":"private""##) }
    #expect(privateChats.count == 1, "\(objects)")
    let theirs = objects.filter { $0.contains(##""type":"message""##) && $0.contains("bobby") }
    #expect(theirs.count == 2, "\(objects)")
    #expect(
      theirs.allSatisfy { $0.contains(##""conversation":"bobby""##) }, "\(theirs)")
    #expect(
      theirs.contains { $0.contains(##""text":"psst""##) && $0.contains(##""notice":true"##) },
      "\(theirs)")
    #expect(
      theirs.contains { $0.contains(##""text":"hello back""##) && !$0.contains("notice") },
      "\(theirs)")
  }
}
