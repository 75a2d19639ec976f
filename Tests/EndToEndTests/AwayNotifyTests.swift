import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `away-notify` through the built binary against InspIRCd: a member's `AWAY` and return are
/// `away` objects in JSON lines, and `/names` marks them while they are away.
@Suite(.requires(.inspircd), .timeLimit(.minutes(10)))
struct AwayNotifyTests {
  @Test func aMemberGoingAwayAndComingBackIsShownAndNamesMarksThem() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let bob = try RawIRCClient.joined("#ops", as: "bob", port: server.port)
    defer { bob.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer", "jsonl"],
      environment: home.environment())
    defer { chat.stop() }
    _ = try bob.waitFor("bot's join") { $0.command == "JOIN" && $0.nick == "bot" }
    #expect(
      chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)\n\(chat.stderr)")

    try bob.send("AWAY :lunch")
    let away = #""type":"away","seq":"#
    #expect(
      chat.waitFor { $0.contains(away) && $0.contains(#""nick":"bob","message":"lunch""#) },
      "\(chat.stdout)\n\(chat.stderr)")
    chat.type("/names")
    #expect(
      chat.waitFor(inErrors: true) { $0.contains("2 in #ops: @bob (away) bot\n") },
      "\(chat.stderr)")

    try bob.send("AWAY")
    #expect(
      chat.waitFor { $0.contains(#""nick":"bob","message":null"#) },
      "\(chat.stdout)\n\(chat.stderr)")
    chat.type("/names")
    #expect(
      chat.waitFor(inErrors: true) { $0.contains("2 in #ops: @bob bot\n") }, "\(chat.stderr)")

    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}
