import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// IRCv3 standard replies through the built binary: Ergo's `FAIL` for a command typed by hand
/// is a `standard_reply` notice; a scripted server's `FAIL PRIVMSG` fails the message it
/// answers, with its description, and its `WARN`, `NOTE` and malformed `FAIL`s neither crash
/// chat nor fail anything.
@Suite(.timeLimit(.minutes(10)))
struct StandardRepliesTests {
  @Test(.requires(.ergo)) func ergosFailForACommandIsShownWithItsCommandAndCode() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#replies", "--name", "bot", "--renderer",
        "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)\n\(chat.stderr)")
    chat.type("/quote CHATHISTORY FOO #replies * 10")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"standard_reply","text":"server FAIL CHATHISTORY INVALID_PARAMS"#)
          && $0.contains(#""reply":"FAIL","command":"CHATHISTORY","code":"INVALID_PARAMS","#)
      }, "\(chat.stdout)\n\(chat.stderr)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }

  @Test func aFailForOurMessageFailsItAndMalformedRepliesAreHarmless() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin("#replies")
      try connection.waitForLine("the message") { $0.command == "PRIVMSG" }
      try connection.send(
        lines: [
          ":scripted.test FAIL", ":scripted.test FAIL PRIVMSG", ":scripted.test WARN * :",
          ":scripted.test FAIL PRIVMSG CANNOT_SEND #replies :You are muted",
          ":scripted.test NOTE * OPER_MESSAGE :a \u{1B}[31mnote",
        ])
      try connection.waitForLine("QUIT", within: 30) { $0.command == "QUIT" }
      connection.close()
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#replies", "--name", "alice", "--renderer",
        "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"joined""#) }, "\(chat.stdout)\n\(chat.stderr)")
    chat.type("hello")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"failed""#) && $0.contains("FAIL PRIVMSG CANNOT_SEND")
          && $0.contains("You are muted")
      }, "\(chat.stdout)\n\(chat.stderr)")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"standard_reply","text":"server NOTE * OPER_MESSAGE"#)
      },
      "\(chat.stdout)")
    #expect(!chat.stdout.contains("\u{1B}"), "\(chat.stdout)")
    chat.closeInput()
    // A message not delivered: exit 75, as for any refused message.
    #expect(chat.waitForExit() == 75, "\(chat.stderr)")
  }
}
