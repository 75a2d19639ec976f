import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `UTF8ONLY` through the built binary against Ergo, which refuses any line that is not UTF-8
/// (`FAIL PRIVMSG INVALID_UTF8`): chat says the server insists, and a typed line holding bytes
/// that are not UTF-8 reaches the channel with U+FFFD in their place, never refused.
@Suite(.requires(.ergo), .timeLimit(.minutes(10)))
struct UTF8OnlyTests {
  @Test func aLineThatIsNotUTF8GoesOutRepairedAndTheServersRuleIsSaid() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let bob = try RawIRCClient.joined("#utf8", as: "bob", port: server.port)
    defer { bob.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#utf8", "--name", "bot", "--renderer", "jsonl"],
      environment: home.environment())
    defer { chat.stop() }
    #expect(
      chat.waitFor { $0.contains(#""notice":"utf8_only","text":"the server accepts only UTF-8"#) },
      "\(chat.stdout)\n\(chat.stderr)")
    _ = try bob.waitFor("bot's join") { $0.command == "JOIN" && $0.nick == "bot" }

    chat.type(bytes: Array("caf".utf8) + [0xE9, 0x20, 0xFF, 0xC3] + Array(" ok é\n".utf8))
    let received = try bob.waitFor("bot's message") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(received.trailing == "caf\u{FFFD} \u{FFFD}\u{FFFD} ok é")
    #expect(
      chat.waitFor {
        $0.contains(#""text":"caf\#u{FFFD} \#u{FFFD}\#u{FFFD} ok é","#)
          && $0.contains(#""own":true"#)
      },
      "\(chat.stdout)")
    #expect(!chat.stdout.contains("INVALID_UTF8"), "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}
