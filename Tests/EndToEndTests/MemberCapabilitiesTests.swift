import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// What the network says of members, through the built binary: on Ergo, a join with
/// `extended-join`, a login (`account-notify`), a message tagged with its sender's account
/// (`account-tag`), a real name changed (`setname`) by someone and by `/setname`, an
/// invitation of someone else (`invite-notify`) and `/names` naming accounts; on InspIRCd, a
/// host changed by an operator (`chghost`) is one `host` line, never a quit and a join.
@Suite(.timeLimit(.minutes(10)))
struct MemberCapabilitiesTests {
  @Test(.requires(.ergo)) func loginsRealNamesInvitesAndAccountsOnErgo() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#caps", "--name", "alice", "--renderer",
        "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)\n\(chat.stderr)")
    let everything = { chat.stdout + chat.stderr }
    let lines = { (type: String) in
      chat.stdout.split(separator: "\n").filter { $0.contains(#"{"type":"\#(type)","#) }
    }

    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try bob.register(nick: "bob", capabilities: ["setname"])
    try bob.join("#caps")
    #expect(chat.waitFor { _ in !lines("member_joined").isEmpty }, "\(chat.stdout)")

    // Ergo's NickServ logs the new account in at once and says so in a notice (no 900).
    try bob.registerErgoAccount(password: "correct-horse-battery")
    #expect(
      chat.waitFor { _ in
        lines("account").contains { $0.contains(#""nick":"bob","account":"bob""#) }
      }, "\(chat.stdout)")

    try bob.send("PRIVMSG #caps :tagged hello")
    #expect(
      chat.waitFor { _ in
        lines("message").contains {
          $0.contains(#""text":"tagged hello""#) && $0.contains(#""account":"bob""#)
        }
      }, "\(chat.stdout)")

    try bob.send("SETNAME :Bob Smith")
    #expect(
      chat.waitFor { _ in
        lines("real_name").contains { $0.contains(#""nick":"bob","real_name":"Bob Smith""#) }
      }, "\(chat.stdout)")

    chat.type("/setname Alice A.")
    _ = try bob.waitFor("alice's SETNAME") { $0.command == "SETNAME" && $0.nick == "alice" }
    #expect(chat.waitFor { _ in everything().contains("your real name is now Alice A.") })

    let carol = try RawIRCClient.connect(port: server.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    try bob.send("INVITE carol #caps")
    _ = try carol.waitFor(command: "INVITE")
    #expect(
      chat.waitFor { _ in
        lines("invite").contains { $0.contains(##""by":"bob","channel":"#caps","nick":"carol""##) }
      }, "\(chat.stdout)")

    chat.type("/names")
    #expect(chat.waitFor { _ in everything().contains("bob (account bob)") }, "\(everything())")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }

  @Test(.requires(.inspircd)) func anOperatorsHostChangeIsOneLineNeverAQuitAndAJoin() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let bob = try RawIRCClient.joined("#hosts", as: "bob", port: server.port)
    defer { bob.close() }
    try bob.send("OPER \(InspIRCdConfiguration.operName) \(InspIRCdConfiguration.operPassword)")
    _ = try bob.waitFor(command: "381")
    try bob.send("LOADMODULE m_chghost.so")
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#hosts", "--name", "alice", "--renderer",
        "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    _ = try bob.waitFor("alice's join") { $0.command == "JOIN" && $0.nick == "alice" }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")

    try bob.send("CHGHOST bob new.host.example")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"host","seq":"#) && $0.contains(#""host":"new.host.example""#)
      },
      "\(chat.stdout)")
    try bob.send("PRIVMSG #hosts :still here")
    #expect(chat.waitFor { $0.contains(#""text":"still here""#) }, "\(chat.stdout)")
    #expect(!chat.stdout.contains("member_quit"), "\(chat.stdout)")
    #expect(!chat.stdout.contains(#""type":"member_joined""#), "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}

/// Bot mode through the built binary on Ergo: `--bot` sets the mode Ergo's `BOT` names, so
/// its messages reach others tagged `bot`, and the recording keeps the setting; a message from
/// a bot is marked in JSON lines.
@Suite(.timeLimit(.minutes(10)))
struct BotModeTests {
  @Test(.requires(.ergo)) func aBotIsMarkedOnTheWireAndABotsMessageIsMarkedInJSON() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try bob.register(nick: "bob", capabilities: ["message-tags"])
    try bob.join("#bots")
    let recording = home.path + "/run.chat"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#bots", "--name", "beeper", "--bot",
        "--renderer", "jsonl", "--record", recording,
      ],
      environment: home.environment())
    defer { chat.stop() }
    _ = try bob.waitFor("beeper's join") { $0.command == "JOIN" && $0.nick == "beeper" }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")
    chat.type("beep")
    let beep = try bob.waitFor("beeper's message") { $0.command == "PRIVMSG" }
    #expect(beep.tags["bot"] != nil, "\(beep.raw)")

    try bob.send("MODE bob +B")
    try bob.send("PRIVMSG #bots :boop")
    #expect(
      chat.waitFor {
        $0.split(separator: "\n").contains {
          $0.contains(#""text":"boop""#) && $0.contains(#""bot":true"#)
        }
      }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let recorded = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
    #expect(recorded.contains("\nbot yes\n"), "\(recorded)")
    #expect(recorded.contains("> MODE beeper +B\n"), "\(recorded)")
  }
}
