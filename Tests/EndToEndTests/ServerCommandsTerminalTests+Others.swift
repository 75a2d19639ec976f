import Foundation
import Glibc
import IRCTestSupport
import Testing

extension ServerCommandsTerminalTests {
  /// What others do, at the prompt: `/names` by rank (`@zed` before `amy`), a refused nick,
  /// a ban and a channel mode someone else set, an invitation for chat itself, and `/msg AMY`
  /// answered by `amy` as one private chat; then lines pasted and the server killed: one
  /// disconnect notice, however many retries follow, and the lines that failed told once for
  /// each reason.
  @Test func whatOthersDoIsShownAndALostServerIsOneNotice() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      arguments: [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--seed", "3",
      ], rows: 60, columns: 100)
    terminal.expectScreen("chat in #ops") { $0.lines.contains { $0.hasPrefix("[bot] #ops >") } }
    let amy = try RawIRCClient.joined("#ops", as: "amy", port: server.port)
    defer { amy.close() }
    let zed = try RawIRCClient.joined("#ops", as: "zed", port: server.port)
    defer { zed.close() }
    terminal.expectScreen("zed in #ops") { $0.text.contains("[#ops] -- zed joined") }

    /// Waits for the screen to show `text`.
    func shown(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
      terminal.expectScreen("'\(text)' on screen", sourceLocation: sourceLocation) {
        $0.text.contains(text)
      }
    }

    // Operators first, then the rest: not the alphabetical `amy @bot @zed`.
    terminal.type("/op zed\r")
    try zed.waitFor("zed's +o") { $0.command == "MODE" }
    shown("[#ops] -- mode +o zed by bot\n")
    terminal.type("/names\r")
    shown("3 in #ops: @bot @zed amy\n")

    // A nick someone has: refused, saying why, and the prompt keeps chat's own.
    terminal.type("/nick zed\r")
    shown("-!- cannot change nick to zed: Nickname is already in use.\n")
    terminal.expectScreen("the prompt keeping chat's nick") {
      $0.cursorLine.hasPrefix("[bot] #ops")
    }

    // A ban and a channel mode set by zed, and zed's invitation for chat into a channel it
    // is not in.
    try zed.send("MODE #ops +b evil!*@*")
    shown("[#ops] -- mode +b evil!*@* by zed\n")
    try zed.send("MODE #ops +s")
    shown("[#ops] -- mode +s by zed\n")
    try zed.join("#den")
    try zed.send("INVITE bot #den")
    try zed.waitFor(command: "341")
    shown("-- zed invited you to #den\n")

    // `/msg AMY` and amy's answer: one private chat, named as the server spells her nick.
    terminal.type("/msg AMY hi\r")
    let hi = try amy.waitFor("chat's PRIVMSG") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(hi.trailing == "hi", "\(hi)")
    try amy.send("PRIVMSG bot :hello back")
    shown("[amy] < amy: hello back\n")
    terminal.type("/list\r")
    terminal.expectScreen("the server's conversation, #ops and one private chat") { screen in
      guard let start = screen.lines.lastIndex(of: "conversations:") else { return false }
      let listed = screen.lines[(start + 1)...].prefix { $0.hasPrefix("  ") || $0.hasPrefix("* ") }
      return listed.count == 3 && listed.contains { $0.hasPrefix("  3 amy") }
    }
    #expect(!terminal.screen.text.contains("[AMY] < amy"), "\(terminal.report)")

    // Nine lines pasted to amy, the pacing holding most back, and the server dies: one notice
    // of the loss, and the lines never sent told once for each reason, while the retries are
    // refused one after another.
    terminal.type((1...9).map { "/msg amy line \($0)\r" }.joined())
    try amy.waitFor("the first line") { $0.command == "PRIVMSG" && $0.trailing == "line 1" }
    server.kill()
    terminal.expectScreen("two retries refused", within: 10) {
      $0.text.components(separatedBy: " refused").count >= 3
    }
    let lines = terminal.screen.logicalLines
    #expect(lines.filter { $0.contains("disconnected: ") }.count == 1, "\(terminal.report)")
    let notices = lines.filter { $0.contains("not delivered: ") && !$0.contains(" ! ") }
    #expect(Set(notices).count == notices.count, "a notice repeated: \(notices)")
    #expect((1...2).contains(notices.count), "one for each reason: \(notices)")
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 75, "lines failed: \(terminal.report)")
  }
}
