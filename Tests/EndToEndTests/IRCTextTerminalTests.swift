import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// IRC text in line mode against a real server: a mention highlighted with one bell (none
/// with `--no-bell`), formatting codes as styles, and the keys that type them.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct IRCTextTerminalTests {
  /// A server, a raw client `bob` in #chat, and chat as `tty` in line mode, joined.
  private func start(_ extra: [String] = []) throws -> (
    InspIRCdServer, RawIRCClient, PseudoTerminal
  ) {
    let server = try InspIRCdServer.start()
    let bob = try RawIRCClient.connect(port: server.port)
    try bob.register(nick: "bob")
    try bob.join("#chat")
    let terminal = try PseudoTerminal(
      arguments: ["--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "tty"] + extra)
    try bob.waitFor("tty's JOIN") { $0.command == "JOIN" && $0.nick == "tty" }
    terminal.expectScreen("the joined channel") { $0.text.contains("you joined") }
    return (server, bob, terminal)
  }

  private func bells(_ terminal: PseudoTerminal) -> Int {
    terminal.transcript.count(where: { $0 == 0x07 })
  }

  @Test(arguments: [true, false])
  func aMentionIsHighlightedAndRingsTheBellOnceUnlessTurnedOff(bell: Bool) throws {
    let (server, bob, terminal) = try start(bell ? [] : ["--no-bell"])
    defer { server.stop() }
    defer { bob.close() }
    try bob.send("PRIVMSG #chat :TTY: \u{2}look\u{2} here")
    try bob.send("PRIVMSG #chat :and this is for everyone")
    terminal.expectScreen("both messages") {
      $0.text.contains("< bob: TTY: look here") && $0.text.contains("< bob: and this is for")
    }
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
    #expect(transcript.contains("\u{1B}[1;7mbob\u{1B}[0m: TTY: \u{1B}[1mlook\u{1B}[0m here"))
    #expect(!transcript.contains("\u{1B}[1;7mbob\u{1B}[0m: and this"), "only the mention")
    #expect(!transcript.contains("␂"), "no control picture")
    #expect(bells(terminal) == (bell ? 1 : 0), "\(terminal.report)")
    terminal.type("\u{4}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
  }

  @Test func ctrlBAndCtrlXLettersTypeFormattingCodesAndMeSendsAnAction() throws {
    let (server, bob, terminal) = try start()
    defer { server.stop() }
    defer { bob.close() }
    // Ctrl-B bold Ctrl-B, then Ctrl-X c 4 for red, Ctrl-X o to reset.
    terminal.type("\u{2}bold\u{2} \u{18}c4red\u{18}o plain\r")
    let said = try bob.waitFor("the formatted message") { $0.command == "PRIVMSG" }
    #expect(said.trailing == "\u{2}bold\u{2} \u{3}4red\u{F} plain")
    terminal.expectScreen("its echo, without codes shown") {
      $0.text.contains("> tty: bold red plain")
    }
    // The typed line (`^Bbold^B ^C4red^O plain` at the prompt) was erased where readline drew
    // it: nothing of it is left on the screen.
    #expect(!terminal.screen.text.contains("^B"), "\(terminal.report)")
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
    #expect(transcript.contains("\u{1B}[1mbold\u{1B}[0m \u{1B}[38;5;9mred\u{1B}[0m plain"))

    terminal.type("/me waves\r")
    let action = try bob.waitFor("the action") { $0.command == "PRIVMSG" }
    #expect(action.trailing == "\u{1}ACTION waves\u{1}")
    try bob.send("PRIVMSG #chat :\u{1}ACTION waves back\u{1}")
    terminal.expectScreen("both actions as '* nick text'") {
      $0.text.contains("* tty waves") && $0.text.contains("* bob waves back")
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
  }

  @Test func pipedJSONLinesCarryTheMentionTheMsgidAndTheExactTextAndNoBell() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let bob = try RawIRCClient.joined("#chat", as: "bob", port: server.port)
    defer { bob.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--renderer",
        "jsonl",
      ], environment: home.environment())
    defer { chat.stop() }
    try bob.waitFor("bot's JOIN") { $0.command == "JOIN" && $0.nick == "bot" }
    try bob.send("PRIVMSG #chat :bot: \u{3}4deploy\u{3} done")
    #expect(
      chat.waitFor { $0.contains(#""text":"bot: \u00034deploy\u0003 done""#) }, "\(chat.stdout)")
    let line = try #require(chat.stdout.split(separator: "\n").first { $0.contains("deploy") })
    #expect(line.contains(#""own":false,"mention":true,"msgid":""#), "\(line)")
    #expect(!chat.stdout.utf8.contains(0x07))
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}
