import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The server's commands as `--input jsonl` requests, one of each type, through the built
/// binary against an InspIRCd the test starts; a raw client `bob` in the channel sees the
/// lines chat writes.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct ServerCommandsJSONTests {
  @Test func eachRequestTypeReachesTheWireAndItsReplyIsAJSONObject() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--input", "jsonl",
        "--renderer", "jsonl", "--pacing", "100/10",
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"joined","seq""#) }, "\(chat.stderr)")
    let bob = try RawIRCClient.joined("#ops", as: "bob", port: server.port)
    defer { bob.close() }
    try bob.join("#vault")
    try bob.send("MODE #vault +k hunter2")
    try bob.waitFor(command: "MODE")
    #expect(chat.waitFor { $0.contains(#""type":"member_joined""#) }, "\(chat.stdout)")

    /// Sends `request`, then waits for bob to see a line from chat with `command`.
    func bobSees(_ request: String, _ command: String) throws -> IRCLine {
      chat.type(request)
      return try bob.waitFor("chat's \(command)") { $0.command == command && $0.nick != "bob" }
    }

    chat.type(#"{"type":"whois","nick":"bob"}"#)
    #expect(
      chat.waitFor {
        $0.contains(#""type":"whois""#) && $0.contains(#""nick":"bob","found":true"#)
      },
      "\(chat.stdout)")
    #expect(try bobSees(#"{"type":"nick","nick":"botty"}"#, "NICK").parameters == ["botty"])
    chat.type(#"{"type":"away","text":"lunch"}"#)
    #expect(chat.waitFor { $0.contains(#""notice":"marked_away""#) }, "\(chat.stdout)")
    chat.type(#"{"type":"away"}"#)
    #expect(chat.waitFor { $0.contains(#""notice":"marked_back""#) }, "\(chat.stdout)")
    #expect(
      try bobSees(#"{"type":"notice","target":"bob","text":"psst"}"#, "NOTICE").parameters
        == ["bob", "psst"])
    #expect(
      try bobSees(#"{"type":"op","nicks":["bob"]}"#, "MODE").parameters == ["#ops", "+o", "bob"])
    #expect(
      try bobSees(#"{"type":"deop","nicks":"bob"}"#, "MODE").parameters == ["#ops", "-o", "bob"])
    #expect(
      try bobSees(##"{"type":"voice","nicks":["bob"],"channel":"#ops"}"##, "MODE").parameters
        == ["#ops", "+v", "bob"])
    #expect(
      try bobSees(#"{"type":"devoice","nicks":["bob"]}"#, "MODE").parameters
        == ["#ops", "-v", "bob"])
    #expect(
      try bobSees(#"{"type":"ban","nicks":["eve"]}"#, "MODE").parameters
        == ["#ops", "+b", "eve!*@*"])
    #expect(
      try bobSees(#"{"type":"unban","nicks":["eve"]}"#, "MODE").parameters
        == ["#ops", "-b", "eve!*@*"])
    #expect(
      try bobSees(#"{"type":"mode","modes":"+m"}"#, "MODE").parameters == ["#ops", "+m"])
    #expect(
      try bobSees(#"{"type":"topic","text":"release day"}"#, "TOPIC").parameters
        == ["#ops", "release day"])
    #expect(
      try bobSees(#"{"type":"quote","line":"PRIVMSG bob :raw\r\nQUIT"}"#, "PRIVMSG").parameters
        == ["bob", "raw  QUIT"])
    chat.type(##"{"type":"channels","mask":"#ops"}"##)
    #expect(chat.waitFor { $0.contains(#""type":"channels""#) }, "\(chat.stdout)")
    chat.type(##"{"type":"who","mask":"#ops"}"##)
    #expect(chat.waitFor { $0.contains(#""type":"who","seq""#) }, "\(chat.stdout)")
    chat.type(##"{"type":"invite","nick":"bob","channel":"#ops"}"##)
    // bob is in #ops already: the server's refusal is the reply.
    #expect(chat.waitFor { $0.contains("server (443)") }, "\(chat.stdout)")
    #expect(
      try bobSees(#"{"type":"kick","nick":"bob","reason":"bye bob"}"#, "KICK").parameters
        == ["#ops", "bob", "bye bob"])
    try bob.join("#ops")
    let joined = try bobSees(##"{"type":"join","conversation":"#vault","key":"hunter2"}"##, "JOIN")
    #expect(joined.parameters.first == "#vault")
    #expect(
      chat.waitFor { $0.contains(##""type":"joined","seq""##) && $0.contains(##"#vault","kind""##) }
    )
    #expect(
      try bobSees(##"{"type":"part","conversation":"#vault","reason":"see you"}"##, "PART")
        .parameters == ["#vault", "see you"])
    let quit = try bobSees(#"{"type":"quit","reason":"bye all"}"#, "QUIT")
    #expect(quit.parameters.last?.hasSuffix("bye all") == true, "\(quit)")
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    #expect(!chat.stdout.contains("hunter2") && !chat.stderr.contains("hunter2"))
  }
}
