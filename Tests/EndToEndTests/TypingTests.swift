import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Typing notifications (`+typing`) through the built binary: on Ergo, someone's typing is a
/// JSON `typing` object and line mode's prompt says it; line mode typing at a terminal sends
/// `TAGMSG`s a raw client sees (`active`, then `done` once the line is cleared, 3 s apart at
/// the least), none with `--no-typing`; and against a server whose `CLIENTTAGDENY` denies the
/// tag, none at all.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct TypingTests {
  /// bob on `server`, with `message-tags` (so he sends and sees client tags), in `channel`.
  static func bob(in channel: String, on server: ErgoServer) throws -> RawIRCClient {
    let bob = try RawIRCClient.connect(port: server.port)
    try bob.register(nick: "bob", capabilities: ["message-tags"])
    try bob.join(channel)
    return bob
  }

  @Test(.requires(.ergo)) func someonesTypingIsAJSONObjectForEachChange() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#t", "--name", "alice", "--renderer", "jsonl"],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)\n\(chat.stderr)")
    let bob = try Self.bob(in: "#t", on: server)
    defer { bob.close() }
    for state in ["active", "active", "paused", "done"] {
      try bob.send("@+typing=\(state) TAGMSG #t")
    }
    try bob.send("PRIVMSG #t :typed")
    #expect(chat.waitFor { $0.contains(#""text":"typed""#) }, "\(chat.stdout)")
    let typing = chat.stdout.split(separator: "\n").filter { $0.contains(#""type":"typing""#) }
    // One object per change: the second `active` changes nothing.
    #expect(
      typing.map { $0.contains(##""conversation":"#t","nick":"bob","state":""##) }
        == [true, true, true], "\(chat.stdout)")
    #expect(
      typing.map { line in ["active", "paused", "done"].first { line.contains("\"\($0)\"") } }
        == ["active", "paused", "done"], "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }

  @Test(.requires(.ergo)) func lineModeTellsYourTypingAndShowsTheirs() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let bob = try Self.bob(in: "#t", on: server)
    defer { bob.close() }
    let terminal = try PseudoTerminal(
      arguments: ["--server", "irc://127.0.0.1:\(server.port)/#t", "--name", "alice"],
      rows: 24, columns: 100)
    terminal.expectScreen("#t joined, on the prompt") { $0.cursorLine.contains("#t") }
    terminal.type("hello bob")
    let active = try bob.waitFor("alice's typing") { $0.command == "TAGMSG" }
    let activeSeen = ContinuousClock.now
    #expect(active.tags["+typing"] == "active", "\(active.raw)")
    #expect(active.parameters.first == "#t")
    // Cleared without sending (Ctrl-U): `done`, 3 s after `active` at the soonest.
    terminal.type("\u{15}")
    let done = try bob.waitFor("alice's typing done", timeout: 10) { $0.command == "TAGMSG" }
    #expect(done.tags["+typing"] == "done", "\(done.raw)")
    #expect(ContinuousClock.now - activeSeen > .milliseconds(2500))
    // A message sent needs no `done`: it ends the typing itself.
    terminal.type("again\r")
    var seen: [IRCLine] = []
    _ = try bob.waitFor("alice's message") { line in
      seen.append(line)
      return line.command == "PRIVMSG"
    }
    #expect(!seen.contains { $0.tags["+typing"] == "done" }, "\(seen.map(\.raw))")

    try bob.send("@+typing=active TAGMSG #t")
    terminal.expectScreen("bob typing, on the prompt") { $0.cursorLine.contains("bob is typing") }
    try bob.send("PRIVMSG #t :there")
    terminal.expectScreen("bob's message, the prompt cleared") {
      $0.text.contains("bob: there") && !$0.cursorLine.contains("typing")
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
  }

  @Test(.requires(.ergo)) func noTypingTellsNothing() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let bob = try Self.bob(in: "#t", on: server)
    defer { bob.close() }
    let terminal = try PseudoTerminal(
      arguments: [
        "--server", "irc://127.0.0.1:\(server.port)/#t", "--name", "alice", "--no-typing",
      ], rows: 24, columns: 100)
    terminal.expectScreen("#t joined, on the prompt") { $0.cursorLine.contains("#t") }
    terminal.type("hello")
    // Read before the rest: typing would be told now, were it on.
    terminal.expectScreen("the keys read") { $0.cursorLine.contains("> hello") }
    terminal.type(" bob\r")
    terminal.type("again\r")
    // Everything alice's chat says up to its second message (any `done` of the first
    // message's typing would come before it).
    var seen: [IRCLine] = []
    _ = try bob.waitFor("alice's second message") { line in
      seen.append(line)
      return line.command == "PRIVMSG" && line.trailing == "again"
    }
    #expect(seen.contains { $0.command == "PRIVMSG" && $0.trailing == "hello bob" })
    #expect(!seen.contains { $0.command == "TAGMSG" }, "\(seen.map(\.raw))")
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
  }

  /// A server with `message-tags` whose `CLIENTTAGDENY` is `denial` (nil: none said), in
  /// #hostile: what chat typed there, once its message came.
  private static func linesTypedAt(denial: String?) throws -> [IRCLine] {
    let server = try ScriptedServer(registration: .none) { connection in
      try connection.registerOffering(
        "message-tags server-time", isupport: denial, joining: HostileRun.channel)
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.terminal.expectScreen("the channel joined, on the prompt") {
      $0.cursorLine.contains(HostileRun.channel)
    }
    run.terminal.type("hello")
    // Keys read with the Enter that ends their line tell nothing: the line is sent already.
    run.terminal.expectScreen("the keys read") { $0.cursorLine.contains("> hello") }
    run.terminal.type(" there\r")
    let connection = try #require(server.connections.first)
    try connection.waitForLine("the message") {
      $0.command == "PRIVMSG" && $0.trailing == "hello there"
    }
    // Typing goes before its message: by the second message, all the first one's is in.
    run.terminal.type("again\r")
    try connection.waitForLine("the second message") {
      $0.command == "PRIVMSG" && $0.trailing == "again"
    }
    return connection.lines
  }

  @Test(arguments: [("CLIENTTAGDENY=*", false), ("CLIENTTAGDENY=typing", false), (nil, true)])
  func aServerDenyingTheTagIsToldNothing(denial: String?, told: Bool) throws {
    let lines = try Self.linesTypedAt(denial: denial)
    let typing = lines.filter { $0.command == "TAGMSG" }
    #expect(typing.isEmpty != told, "\(lines.map(\.raw))")
    if told {
      // One `active` for the line typed in two reads (not for "again", read with its Enter);
      // a message needs no `done`.
      #expect(typing.map { $0.tags["+typing"] } == ["active"], "\(lines.map(\.raw))")
    }
  }
}
