import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The server's commands in line mode, through a real pseudo-terminal, against an InspIRCd the
/// test starts: the prompt shows your nick at all times, a whois is one block in the
/// transcript, and a line that carries a secret never reaches the input history.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct ServerCommandsTerminalTests {
  @Test func thePromptShowsTheNickAndRepliesAreBlocks() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let bob = try RawIRCClient.joined("#vault", as: "bob", port: server.port)
    defer { bob.close() }
    try bob.send("MODE #vault +k hunter2")
    try bob.waitFor(command: "MODE")
    let terminal = try PseudoTerminal(
      arguments: [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--pacing", "100/10",
      ], rows: 40, columns: 100)
    terminal.expectScreen("the nick in the prompt, in #ops") {
      $0.lines.contains { $0.hasPrefix("[bot] #ops >") }
    }
    try bob.join("#ops")

    terminal.type("/Nick botty\r")
    _ = try bob.waitFor("chat's new nick") { $0.command == "NICK" && $0.nick == "bot" }
    terminal.expectScreen("the new nick in the prompt") {
      $0.lines.contains { $0.hasPrefix("[botty] #ops") }
    }

    terminal.type("/WI bob\r")
    terminal.expectScreen("the whois block") { screen in
      let text = screen.text
      return text.contains("whois bob: bob@127.0.0.1\n")
        && text.contains("  channels   ") && text.contains("@#vault")
        && text.contains("  server     irc1.test")
    }

    terminal.type("/j #vault hunter2\r")
    terminal.expectScreen("#vault joined with its key") {
      $0.lines.contains { $0.hasPrefix("[botty] #vault") }
    }
    terminal.type(
      "/quote OPER \(InspIRCdConfiguration.operName) "
        + "\(InspIRCdConfiguration.operPassword)\r")
    terminal.expectScreen("the operator reply") { $0.text.contains("server (381)") }

    terminal.type("/quit see you\r")
    let quit = try bob.waitFor("chat's QUIT") { $0.command == "QUIT" && $0.nick == "botty" }
    #expect(quit.parameters.last?.hasSuffix("see you") == true, "\(quit)")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")

    // What was typed is in the history, but no line with a secret.
    let history = try String(
      contentsOfFile: terminal.home + "/state/chat/history", encoding: .utf8)
    #expect(history.contains("/Nick botty\n") && history.contains("/WI bob\n"), "\(history)")
    #expect(!history.contains("hunter2"), "\(history)")
    #expect(!history.contains(InspIRCdConfiguration.operPassword), "\(history)")
  }
}
