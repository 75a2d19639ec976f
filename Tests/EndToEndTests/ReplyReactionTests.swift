import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Replies and reactions (`+draft/reply`, `+draft/react`) through the built binary on Ergo:
/// a reply of bob's names what it answers (JSON `reply_to`), `/reply N` and `/react N` reach
/// bob with their tags, bob's reactions are counted on the message (`reaction` objects with
/// `counts`), and a reaction to a message never seen is shown as such.
@Suite(.timeLimit(.minutes(10)))
struct ReplyReactionTests {
  @Test(.requires(.ergo)) func repliesAndReactionsBothWaysOnErgo() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try bob.register(nick: "bob", capabilities: ["message-tags", "echo-message"])
    try bob.join("#re")
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#re", "--name", "alice", "--renderer",
        "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    _ = try bob.waitFor("alice's join") { $0.command == "JOIN" && $0.nick == "alice" }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")
    let objects = { (type: String) in
      chat.stdout.split(separator: "\n").filter { $0.contains(#"{"type":"\#(type)","#) }
    }

    try bob.send("PRIVMSG #re :shall we ship it today?")
    let echo = try bob.waitFor("bob's echo") { $0.command == "PRIVMSG" && $0.nick == "bob" }
    let question = try #require(echo.tags["msgid"])

    chat.type("/reply 1 yes, ship it")
    let reply = try bob.waitFor("alice's reply") { $0.command == "PRIVMSG" && $0.nick == "alice" }
    #expect(reply.tags["+draft/reply"] == question, "\(reply.raw)")
    #expect(reply.trailing == "yes, ship it")
    let answer = try #require(reply.tags["msgid"])
    #expect(
      chat.waitFor { _ in
        objects("message").contains {
          $0.contains(#""text":"yes, ship it""#) && $0.contains(#""reply_to":"\#(question)""#)
        }
      }, "\(chat.stdout)")

    try bob.send("@+draft/react=👍;+draft/reply=\(question) TAGMSG #re")
    try bob.send("@+draft/reply=\(answer) PRIVMSG #re :great")
    #expect(
      chat.waitFor { _ in
        objects("reaction").contains {
          $0.contains(#""nick":"bob","reaction":"👍","reply_to":"\#(question)","counts":{"👍":1}"#)
        }
          && objects("message").contains {
            $0.contains(#""text":"great""#) && $0.contains(#""reply_to":"\#(answer)""#)
          }
      }, "\(chat.stdout)")

    // `/react 3`: bob's question, behind alice's answer and bob's "great".
    chat.type("/react 3 👍")
    let reacted = try bob.waitFor("alice's reaction") {
      $0.command == "TAGMSG" && $0.nick == "alice"
    }
    #expect(reacted.tags["+draft/react"] == "👍" && reacted.tags["+draft/reply"] == question)
    #expect(
      chat.waitFor { _ in
        objects("reaction").contains { $0.contains(#""own":true"#) && $0.contains(#"{"👍":2}"#) }
      }, "\(chat.stdout)")

    try bob.send("@+draft/react=🎉;+draft/reply=never-seen TAGMSG #re")
    try bob.send("PRIVMSG #re :still here")
    #expect(chat.waitFor { $0.contains(#""text":"still here""#) }, "\(chat.stdout)")
    #expect(
      objects("reaction").contains { $0.contains(#""reply_to":"never-seen","counts":{"🎉":1}"#) },
      "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}
