import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The server's commands typed into a pipe, through the built binary against an InspIRCd the
/// test starts: chat makes `#ops` (so it is its operator), a raw client `bob` in the channel
/// sees what chat writes, `carol` outside it gets the invitation. One server run, every
/// command; then the recording replays to the same output, and holds no secret.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct ServerCommandsPipedTests {
  @Test func everyServerCommandReachesTheWireAndItsReplyIsShown() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/commands.chat"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer",
        "jsonl", "--pacing", "100/10", "--record", recording,
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"joined","seq""#) }, "\(chat.stderr)")
    let bob = try RawIRCClient.joined("#ops", as: "bob", port: server.port)
    defer { bob.close() }
    try bob.join("#vault")
    try bob.send("MODE #vault +k hunter2")
    try bob.waitFor(command: "MODE")
    let carol = try RawIRCClient.connect(port: server.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    #expect(chat.waitFor { $0.contains(#""type":"member_joined""#) }, "\(chat.stdout)")

    /// Types `line`, then waits for bob to see a line from chat that `matches`.
    func bobSees(_ line: String, _ what: String, _ matches: (IRCLine) -> Bool) throws -> IRCLine {
      chat.type(line)
      return try bob.waitFor(what, where: matches)
    }

    // /whois: one block, one JSON object; a nick no one has says so.
    chat.type("/whois bob")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"whois""#) && $0.contains(#""nick":"bob","found":true,"user":"bob""#)
          && $0.contains(#""server":"irc1.test""#) && $0.contains(#""@#vault""#)
      }, "\(chat.stdout)")
    #expect(chat.waitFor(inErrors: true) { $0.contains("whois bob: bob@127.0.0.1\n") })
    chat.type("/WI nobody")
    #expect(chat.waitFor { $0.contains(#""nick":"nobody","found":false"#) }, "\(chat.stdout)")

    // /nick: refused, then done; the nick event says so.
    chat.type("/nick bob")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"nick_change_refused","text":"cannot change nick to bob: "#)
      }, "\(chat.stdout)")
    let nick = try bobSees("/Nick botty", "chat's NICK") { $0.command == "NICK" }
    #expect(nick.nick == "bot" && nick.parameters == ["botty"])
    #expect(chat.waitFor { $0.contains(#""type":"nick","seq""#) && $0.contains(#""to":"botty""#) })

    // /away and back, confirmed by the server.
    chat.type("/away lunch")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"marked_away","text":"you are marked as away: lunch""#)
      },
      "\(chat.stdout)")
    chat.type("/back")
    #expect(chat.waitFor { $0.contains(#""notice":"marked_back""#) }, "\(chat.stdout)")

    // /notice, /invite.
    let notice = try bobSees("/notice #ops heads up", "chat's NOTICE") { $0.command == "NOTICE" }
    #expect(notice.parameters == ["#ops", "heads up"])
    chat.type("/invite carol")
    let invite = try carol.waitFor(command: "INVITE")
    #expect(invite.nick == "botty" && invite.parameters.last == "#ops")
    #expect(chat.waitFor { $0.contains(#""notice":"invited","text":"invited carol to #ops""#) })

    // The short mode commands, grouped; a ban of a nick bans its mask.
    let voice = try bobSees("/voice bob", "+v") { $0.command == "MODE" }
    #expect(voice.parameters == ["#ops", "+v", "bob"])
    let op = try bobSees("/op bob", "+o") { $0.command == "MODE" }
    #expect(op.parameters == ["#ops", "+o", "bob"])
    let deop = try bobSees("/deop bob", "-o") { $0.command == "MODE" }
    #expect(deop.parameters == ["#ops", "-o", "bob"])
    let devoice = try bobSees("/devoice bob", "-v") { $0.command == "MODE" }
    #expect(devoice.parameters == ["#ops", "-v", "bob"])
    let ban = try bobSees("/ban carol evil!*@*", "+bb") { $0.command == "MODE" }
    #expect(ban.parameters == ["#ops", "+bb", "carol!*@*", "evil!*@*"])
    let unban = try bobSees("/unban carol", "-b") { $0.command == "MODE" }
    #expect(unban.parameters == ["#ops", "-b", "carol!*@*"])

    // /mode: a change, then the channel's modes asked for.
    let key = try bobSees("/mode +k sekrit", "+k") { $0.command == "MODE" }
    #expect(key.parameters == ["#ops", "+k", "sekrit"])
    chat.type("/mode")
    #expect(
      chat.waitFor { $0.contains(#""notice":"modes","text":"modes of #ops: +knt sekrit""#) },
      "\(chat.stdout)")

    // /topic still sends TOPIC.
    let topic = try bobSees("/topic release day", "TOPIC") { $0.command == "TOPIC" }
    #expect(topic.parameters == ["#ops", "release day"])

    // The server's channel list and /w (irssi's /who), whole.
    chat.type("/channels")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"channels""#) && $0.contains(##"{"name":"#ops","users":2,"##)
          && $0.contains(##"{"name":"#vault","users":1,"##)
      }, "\(chat.stdout)")
    #expect(chat.waitFor(inErrors: true) { $0.contains("2 channels:\n") }, "\(chat.stderr)")
    chat.type("/w #ops")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"who","seq""#) && $0.contains(##""mask":"#ops","count":2"##)
      }, "\(chat.stdout)")

    // /quote: a raw line, paced and sent; a reply nothing else shows is shown.
    let raw = try bobSees("/quote PRIVMSG #ops :raw hello", "the raw line") {
      $0.command == "PRIVMSG" && $0.nick == "botty"
    }
    #expect(raw.parameters == ["#ops", "raw hello"])
    chat.type("/quote VERSION")
    #expect(
      chat.waitFor { $0.contains(#""notice":"server_reply","text":"server (351): "#) },
      "\(chat.stdout)")
    chat.type("/quote OPER \(InspIRCdConfiguration.operName) \(InspIRCdConfiguration.operPassword)")
    #expect(chat.waitFor { $0.contains("server (381)") }, "\(chat.stdout)")

    // /kick with a reason; bob comes back.
    let kick = try bobSees("/kick bob bye bob", "KICK") { $0.command == "KICK" }
    #expect(kick.parameters == ["#ops", "bob", "bye bob"])
    try bob.join("#ops sekrit")

    // A keyed channel joined with its key, left with a reason: typed one after the other, the
    // part waits for the join's answer.
    chat.type("/join #vault hunter2")
    let part = try bobSees("/part #vault see you", "PART") { $0.command == "PART" }
    #expect(part.parameters == ["#vault", "see you"])
    let joined = try #require(bob.history.last { $0.command == "JOIN" && $0.nick == "botty" })
    #expect(joined.parameters.first == "#vault")
    #expect(
      chat.waitFor {
        $0.contains(##""type":"joined","seq""##)
          && $0.contains(##""conversation":"#vault","kind""##)
      })

    // /quit with its reason, and chat ends well.
    let quit = try bobSees("/quit bye all", "QUIT") { $0.command == "QUIT" }
    // (InspIRCd may put `Quit: ` before it.)
    #expect(quit.parameters.last?.hasSuffix("bye all") == true, "\(quit)")
    // /quit ends the run by itself, the input still open.
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")

    // Nothing secret anywhere: not the key, not the operator's password.
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    for secret in ["hunter2", InspIRCdConfiguration.operPassword] {
      #expect(!recorded.contains(secret), "the recording holds \(secret)")
      #expect(!chat.stdout.contains(secret), "stdout holds \(secret)")
      #expect(!chat.stderr.contains(secret), "stderr holds \(secret)")
    }
    #expect(recorded.contains("| /join #vault <redacted>"), "\(recorded)")
    #expect(recorded.contains("> JOIN #vault <redacted>"), "\(recorded)")
    #expect(recorded.contains("> OPER \(InspIRCdConfiguration.operName) <redacted>"))

    // The recording replays to what the live run printed.
    let replay = try BinaryRunner.run(
      ["--scenario", recording, "--renderer", "jsonl"], environment: home.environment())
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.output == chat.stdout, "\(replay.output)")
    #expect(replay.stderr == chat.stderr)
  }
}
