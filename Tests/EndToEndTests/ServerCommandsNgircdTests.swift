import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The server's commands against ngircd, where its replies differ from InspIRCd's: its whois
/// and away numerics, no `echo-message` (a notice of ours is shown as it is written), its
/// channel list and `WHO`, its nick refusal; and the channel commands, each line on the wire and
/// ngircd's reply to it shown.
@Suite(.ownThread, .requires(.ngircd), .timeLimit(.minutes(10)))
struct ServerCommandsNgircdTests {
  @Test func repliesAreGatheredAndShownAsOnInspIRCd() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer",
        "jsonl", "--pacing", "100/10",
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"joined","seq""#) }, "\(chat.stderr)")
    let bob = try RawIRCClient.joined("#ops", as: "bob", port: server.port)
    defer { bob.close() }
    #expect(chat.waitFor { $0.contains(#""type":"member_joined""#) }, "\(chat.stdout)")

    chat.type("/whois bob")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"whois""#) && $0.contains(#""nick":"bob","found":true"#)
          && $0.contains(#""server":"ngircd.test""#) && $0.contains(##""channels":["#ops"]"##)
      }, "\(chat.stdout)")
    #expect(
      chat.waitFor(inErrors: true) {
        $0.contains("whois bob: ~bob@127.0.0.1\n  real name  chat test bob\n  channels   #ops\n")
      }, "\(chat.stderr)")
    chat.type("/whois ghost")
    #expect(chat.waitFor { $0.contains(#""nick":"ghost","found":false"#) }, "\(chat.stdout)")

    chat.type("/away lunch")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"marked_away","text":"you are marked as away: lunch""#)
      },
      "\(chat.stdout)")
    chat.type("/away")
    #expect(chat.waitFor { $0.contains(#""notice":"marked_back""#) }, "\(chat.stdout)")

    chat.type("/nick bob")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"nick_change_refused","text":"cannot change nick to bob"#)
      },
      "\(chat.stdout)")

    chat.type("/notice #ops heads up")
    let notice = try bob.waitFor(command: "NOTICE")
    #expect(notice.parameters == ["#ops", "heads up"])
    // No echo-message here: shown as written.
    #expect(
      chat.waitFor { $0.contains(#""sender":"bot","text":"heads up""#) }, "\(chat.stdout)")

    chat.type("/channels")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"channels""#) && $0.contains(##""name":"#ops","users":2"##)
      },
      "\(chat.stdout)")
    chat.type("/who #ops")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"who","seq""#) && $0.contains(##""mask":"#ops","count":2"##)
      },
      "\(chat.stdout)")
    chat.type("/op bob")
    let op = try bob.waitFor(command: "MODE")
    #expect(op.parameters == ["#ops", "+o", "bob"])
    chat.type("/quote VERSION")
    #expect(chat.waitFor { $0.contains("server (351)") }, "\(chat.stdout)")

    chat.type("/quit bye all")
    let quit = try bob.waitFor(command: "QUIT")
    // (ngircd quotes it: `"bye all"`.)
    #expect(quit.parameters.last?.contains("bye all") == true, "\(quit)")
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }

  /// The channel commands on ngircd, chat being the channel's operator: each line on the
  /// wire as on InspIRCd, and ngircd's replies (341 for an invitation, 324 for the modes, its
  /// own echoes of KICK, TOPIC, JOIN and PART) shown.
  @Test func channelCommandsReachTheWireAndTheirRepliesAreShown() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer",
        "jsonl", "--pacing", "100/10",
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

    /// Types `line`, then waits for `client` to read a line that `matches`.
    func typed(
      _ line: String, _ client: RawIRCClient, sees what: String, _ matches: (IRCLine) -> Bool
    ) throws -> IRCLine {
      chat.type(line)
      return try client.waitFor(what, where: matches)
    }

    let invite = try typed("/invite carol", carol, sees: "the INVITE") { $0.command == "INVITE" }
    #expect(invite.nick == "bot" && invite.parameters == ["carol", "#ops"], "\(invite)")
    #expect(
      chat.waitFor { $0.contains(#""notice":"invited","text":"invited carol to #ops""#) },
      "\(chat.stdout)")

    let moderated = try typed("/mode +m", bob, sees: "+m") { $0.command == "MODE" }
    #expect(moderated.parameters == ["#ops", "+m"])
    // ngircd gives a new channel no modes of its own: `+m` alone.
    chat.type("/mode")
    #expect(
      chat.waitFor { $0.contains(#""notice":"modes","text":"modes of #ops: +m","#) },
      "\(chat.stdout)")
    let ban = try typed("/ban carol", bob, sees: "+b") { $0.command == "MODE" }
    #expect(ban.parameters == ["#ops", "+b", "carol!*@*"])
    let unban = try typed("/unban carol", bob, sees: "-b") { $0.command == "MODE" }
    #expect(unban.parameters == ["#ops", "-b", "carol!*@*"])

    let topic = try typed("/topic release day", bob, sees: "TOPIC") { $0.command == "TOPIC" }
    #expect(topic.parameters == ["#ops", "release day"])
    #expect(
      chat.waitFor {
        $0.contains(##""type":"topic""##) && $0.contains(##""topic":"release day","by":"bot""##)
      }, "\(chat.stdout)")

    let kick = try typed("/kick bob bye bob", bob, sees: "KICK") { $0.command == "KICK" }
    #expect(kick.parameters == ["#ops", "bob", "bye bob"])
    #expect(
      chat.waitFor {
        $0.contains(##""type":"kick""##)
          && $0.contains(##""conversation":"#ops","by":"bot","nick":"bob","reason":"bye bob""##)
      }, "\(chat.stdout)")

    // A keyed channel joined with its key, then left with a reason.
    let joined = try typed("/join #vault hunter2", bob, sees: "chat's JOIN") {
      $0.command == "JOIN" && $0.nick == "bot"
    }
    #expect(joined.parameters.first == "#vault")
    let part = try typed("/part #vault see you", bob, sees: "PART") { $0.command == "PART" }
    #expect(part.nick == "bot" && part.parameters == ["#vault", "see you"], "\(part)")
    #expect(
      chat.waitFor {
        $0.contains(##""type":"left""##)
          && $0.contains(##""conversation":"#vault","reason":"see you""##)
      }, "\(chat.stdout)")

    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    #expect(!chat.stdout.contains("hunter2") && !chat.stderr.contains("hunter2"))
  }
}
