import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `draft/channel-rename` through the built binary on Ergo: a channel its operator renames
/// keeps its conversation (JSON `renamed`; what is typed goes to the new name), its unread
/// count, and its `--log-dir` file, where the rename is noted and the log goes on.
@Suite(.timeLimit(.minutes(10)))
struct ChannelRenameTests {
  @Test(.requires(.ergo)) func aRenamedChannelKeepsItsConversationAndItsLogFileOnErgo() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try bob.register(nick: "bob")
    try bob.join("#old")  // First in: its operator, who may rename it.
    let logs = home.path + "/logs"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#old", "--name", "alice", "--renderer",
        "jsonl", "--log-dir", logs,
      ],
      environment: home.environment())
    defer { chat.stop() }
    _ = try bob.waitFor("alice's join") { $0.command == "JOIN" && $0.nick == "alice" }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")
    try bob.send("PRIVMSG #old :before the rename")
    #expect(chat.waitFor { $0.contains(#""text":"before the rename""#) }, "\(chat.stdout)")
    chat.type("/switch 1")  // #old is not active: bob's next lines count as unread.

    try bob.send("RENAME #old #new :tidy up")
    #expect(
      chat.waitFor {
        $0.contains(##""type":"renamed","seq":"##)
          && $0.contains(##""conversation":"#new","from":"#old","reason":"tidy up""##)
      }, "\(chat.stdout)\n\(chat.stderr)")
    try bob.send("PRIVMSG #new :after the rename")
    #expect(
      chat.waitFor {
        $0.contains(##""conversation":"#new","id":"##) && $0.contains("after the rename")
      },
      "\(chat.stdout)")
    chat.type("/list")
    #expect(
      chat.waitFor(inErrors: true) { $0.contains("2 #new (1 unread)") }, "\(chat.stderr)")
    chat.type("/switch #new")
    chat.type("hello new name")
    let said = try bob.waitFor("alice's line") { $0.command == "PRIVMSG" && $0.nick == "alice" }
    #expect(said.parameters.first == "#new")
    #expect(!chat.stdout.contains(#""type":"left""#), "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")

    let files = try FileManager.default.contentsOfDirectory(atPath: logs).sorted()
    #expect(files.contains("#old.log") && !files.contains("#new.log"), "\(files)")
    let log = try String(contentsOfFile: logs + "/#old.log", encoding: .utf8)
    let before = try #require(log.range(of: "bob: before the rename"))
    let renamed = try #require(log.range(of: "-- channel renamed from #old to #new (tidy up)"))
    let after = try #require(log.range(of: "bob: after the rename"))
    #expect(before.lowerBound < renamed.lowerBound && renamed.lowerBound < after.lowerBound)
    #expect(log.contains("alice: hello new name"), "\(log)")
  }
}

/// The hostile-server battery: `RENAME`s that cannot be (see `HostileServerTests`).
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileRenameTests {
  static let channel = HostileRun.channel
  static let bob = ":bob!bob@127.0.0.1"

  /// Into a channel chat is in, into names that are no channels (a nick, one with a space or
  /// an escape), of a channel chat is not in, malformed; then 5,000 renames back and forth:
  /// each bad one ignored and said at most once a second, the good ones applied, chat alive.
  @Test func renamesIntoExistingOrInvalidNamesAreIgnored() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      try connection.acceptJoin("#other")
      try connection.send(lines: [
        "\(Self.bob) RENAME \(Self.channel) #other :collide",
        "\(Self.bob) RENAME \(Self.channel) nochannel :not a channel",
        "\(Self.bob) RENAME \(Self.channel) #a\u{1B}[2Jb :escape",
        "\(Self.bob) RENAME #elsewhere #fresh :not ours",
        "\(Self.bob) RENAME \(Self.channel)",
        "\(Self.bob) PRIVMSG \(Self.channel) :marker after the bad renames",
      ])
      var lines: [String] = []
      for index in 0..<2500 {
        lines.append("\(Self.bob) RENAME \(Self.channel) #renamed\(index)")
        lines.append("\(Self.bob) RENAME #renamed\(index) \(Self.channel)")
      }
      lines.append("\(Self.bob) PRIVMSG \(Self.channel) :marker after the renames")
      try connection.send(lines: lines)
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.terminal.type("/join #other\r")
    // The first marker scrolls away under the 5,000 renames: the transcript keeps it.
    run.expectShown("marker after the renames", within: 120)
    let shown = run.shownText
    #expect(shown.contains("marker after the bad renames"))
    #expect(shown.contains("a RENAME of #hostile into #other, a channel you are in"), "\(shown)")
    #expect(!shown.contains("renamed from #hostile to #other"))
    #expect(!shown.contains("to nochannel") && !shown.contains("#fresh"))
    #expect(shown.contains("renamed from #renamed2499 to #hostile"))
    run.expectSurvived("RENAME into existing and invalid names", peakBelowKilobytes: 96 * 1024)
  }
}
