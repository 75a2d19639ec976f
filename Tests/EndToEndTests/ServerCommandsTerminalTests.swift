import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The server's commands in line mode, through a real pseudo-terminal, against an InspIRCd the
/// test starts: the prompt shows your nick at all times, a whois is one block in the
/// transcript, a line that carries a secret never reaches the input history, every command
/// typed reaches the wire and shows what it did, and what others do is shown
/// (`ServerCommandsTerminalTests+Others.swift`).
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

  /// Every channel and server command typed at the prompt of a channel chat made (so it is its
  /// operator), each checked where it lands: on the wire, by `bob` inside the channel or
  /// `carol` outside it, and on the screen, by the server's reply or the change it shows.
  @Test func eachCommandTypedAtThePromptReachesTheWireAndShowsItsOutcome() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      arguments: [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--pacing", "100/10",
      ], rows: 40, columns: 100)
    terminal.expectScreen("chat in #ops") { $0.lines.contains { $0.hasPrefix("[bot] #ops >") } }
    let bob = try RawIRCClient.joined("#ops", as: "bob", port: server.port)
    defer { bob.close() }
    // Two keyed channels for one `/join` with two keys.
    try bob.join("#a,#b")
    for (channel, key) in [("#a", "alpha1"), ("#b", "bravo2")] {
      try bob.send("MODE \(channel) +k \(key)")
      try bob.waitFor(command: "MODE")
    }
    let carol = try RawIRCClient.connect(port: server.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    terminal.expectScreen("bob in #ops") { $0.text.contains("[#ops] -- bob joined") }

    /// Types `line` at the prompt, then waits for `client` to read a line that `matches`.
    func typed(
      _ line: String, _ client: RawIRCClient, sees what: String, _ matches: (IRCLine) -> Bool
    ) throws -> IRCLine {
      terminal.type(line + "\r")
      return try client.waitFor(what, where: matches)
    }
    /// Waits for the screen to show `text`.
    func shown(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
      terminal.expectScreen("'\(text)' on screen", sourceLocation: sourceLocation) {
        $0.text.contains(text)
      }
    }

    // /away and back: the server's replies.
    terminal.type("/away lunch\r")
    shown("-!- you are marked as away: lunch")
    terminal.type("/away\r")
    shown("-!- you are no longer marked as away")

    // /notice, shown as irssi shows one; /invite, to carol outside.
    let notice = try typed("/notice #ops heads up", bob, sees: "chat's NOTICE") {
      $0.command == "NOTICE"
    }
    #expect(notice.parameters == ["#ops", "heads up"])
    shown("[#ops] -bot- heads up")
    let invite = try typed("/invite carol", carol, sees: "the INVITE") { $0.command == "INVITE" }
    #expect(invite.nick == "bot" && invite.parameters == ["carol", "#ops"], "\(invite)")
    shown("-!- invited carol to #ops")

    // The short mode commands, each shown as the change it made.
    let ranks: [(typed: String, modes: [String])] = [
      ("/op bob", ["+o", "bob"]), ("/voice bob", ["+v", "bob"]), ("/deop bob", ["-o", "bob"]),
      ("/devoice bob", ["-v", "bob"]), ("/ban carol", ["+b", "carol!*@*"]),
      ("/unban carol", ["-b", "carol!*@*"]),
    ]
    for (line, modes) in ranks {
      let mode = try typed(line, bob, sees: "MODE for \(line)") { $0.command == "MODE" }
      #expect(mode.parameters == ["#ops"] + modes, "\(line): \(mode)")
      shown("[#ops] -- mode \(modes.joined(separator: " ")) by bot")
    }

    // /mode: a change, then the channel's modes asked for.
    let moderated = try typed("/mode +m", bob, sees: "+m") { $0.command == "MODE" }
    #expect(moderated.parameters == ["#ops", "+m"])
    terminal.type("/mode\r")
    shown("-!- modes of #ops: +mnt")

    // /topic with its words.
    let topic = try typed("/topic release day", bob, sees: "TOPIC") { $0.command == "TOPIC" }
    #expect(topic.parameters == ["#ops", "release day"])
    shown("[#ops] -- topic set by bot: release day")

    // The server's channel list, and /w (irssi's /who), each a block.
    terminal.type("/channels\r")
    terminal.expectScreen("the channel list") { screen in
      screen.text.contains("3 channels:\n")
        && ["#ops", "#a", "#b"].allSatisfy { name in
          screen.lines.contains { $0.hasPrefix("  \(name) ") }
        }
    }
    terminal.type("/w #ops\r")
    terminal.expectScreen("the who block") { screen in
      screen.text.contains("who #ops (2):\n")
        && screen.lines.contains { $0.hasPrefix("  bob ") && $0.contains("bob@127.0.0.1") }
    }

    // /kick with a reason; bob comes back.
    let kick = try typed("/kick bob bye bob", bob, sees: "KICK") { $0.command == "KICK" }
    #expect(kick.parameters == ["#ops", "bob", "bye bob"])
    shown("[#ops] -- bot removed bob (bye bob)")
    try bob.join("#ops")

    // Two keyed channels joined with their keys, one left with a reason.
    terminal.type("/join #a,#b alpha1,bravo2\r")
    for channel in ["#a", "#b"] {
      try bob.waitFor("chat's JOIN of \(channel)") {
        $0.command == "JOIN" && $0.nick == "bot" && $0.parameters.first == channel
      }
      shown("[\(channel)] -- you joined")
    }
    let part = try typed("/part #a see you", bob, sees: "PART") { $0.command == "PART" }
    #expect(part.nick == "bot" && part.parameters == ["#a", "see you"], "\(part)")
    shown("[#a] -- you left (see you)")

    // /mode naming a channel other than the active one (#b): a change, then its modes.
    let unmoderated = try typed("/mode #ops -m", bob, sees: "-m") { $0.command == "MODE" }
    #expect(unmoderated.parameters == ["#ops", "-m"], "\(unmoderated)")
    terminal.type("/mode #ops\r")
    shown("-!- modes of #ops: +nt")

    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
    // Every command is in the history, but not the line with the keys.
    let history = try String(
      contentsOfFile: terminal.home + "/state/chat/history", encoding: .utf8)
    #expect(history.contains("/ban carol\n") && history.contains("/part #a see you\n"))
    for key in ["alpha1", "bravo2"] { #expect(!history.contains(key), "\(history)") }
  }
}
