import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Kicks against a real InspIRCd, through the built binary: chat, made operator by a raw
/// client, removes someone with `/kick NICK REASON`; then the raw client removes chat. Each
/// is a kick of its own in the log and in JSON lines, never a part with made-up words.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct KickEndToEndTests {
  @Test func aKickByChatAndAKickOfChatAreShownAsKicks() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    // bob makes #ops, so bob is its operator; carol is there to be removed.
    let bob = try RawIRCClient.joined("#ops", as: "bob", port: server.port)
    defer { bob.close() }
    let carol = try RawIRCClient.joined("#ops", as: "carol", port: server.port)
    defer { carol.close() }
    let jsonl = home.path + "/run.jsonl"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "log",
        "--jsonl", jsonl,
      ], environment: home.environment())
    defer { chat.stop() }
    try bob.waitFor("chat's JOIN") { $0.command == "JOIN" && $0.nick == "bot" }
    try bob.send("MODE #ops +o bot")
    #expect(chat.waitFor { $0.contains("-- mode +o bot by bob") }, "\(chat.stdout)")

    chat.type("/kick carol go away")
    let kick = try carol.waitFor(command: "KICK")
    #expect(kick.nick == "bot" && kick.parameters == ["#ops", "carol", "go away"])
    #expect(chat.waitFor { $0.contains(" -- bot removed carol (go away)\n") }, "\(chat.stdout)")

    try bob.send("KICK #ops bot :enough")
    #expect(chat.waitFor { $0.contains(" -- bob removed you (enough)\n") }, "\(chat.stdout)")

    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let log = chat.stdout
    #expect(!log.contains("removed by"), "\(log)")
    #expect(!log.contains("carol left"), "\(log)")
    #expect(!log.contains("you left"), "\(log)")
    let objects = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
    #expect(
      objects.contains {
        $0.contains(##""type":"kick""##)
          && $0.contains(##""conversation":"#ops","by":"bot","nick":"carol","reason":"go away""##)
      }, "\(objects)")
    #expect(
      objects.contains {
        $0.contains(##""type":"kick""##)
          && $0.contains(##""conversation":"#ops","by":"bob","you":true,"reason":"enough""##)
      }, "\(objects)")
    #expect(objects.contains { $0.contains(##""type":"left""##) }, "\(objects)")
    #expect(!objects.contains { $0.contains(##""type":"member_left""##) }, "\(objects)")
  }
}
