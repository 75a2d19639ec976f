import Foundation
import IRCTestSupport
import Testing

/// The server commands' fixture: chat asks InspIRCd who someone is, who is in the channel,
/// which channels there are, marks itself away and back, is refused a nick, changes it,
/// asks the channel's modes, invites, sends a notice and a raw line; every renderer's
/// rendering of the answers is then pinned by the snapshot suite.
extension IRCFixtureRecordingTests {
  /// Waits until chat's standard error holds `text` (where the replies go in a piped run).
  private static func waitForReply(_ chat: LiveChat, _ text: String) throws {
    let deadline = Date().addingTimeInterval(10)
    while !chat.stderr.contains(text), Date() < deadline { usleep(20_000) }
    #expect(chat.stderr.contains(text), "\(chat.stderr)")
  }

  @Test func serverCommands() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let alice = try RawIRCClient.connect(port: server.port)
    defer { alice.close() }
    try alice.register(nick: "alice")
    let carol = try RawIRCClient.connect(port: server.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    // chat makes #ops, so it is its operator; alice comes after.
    try IRCFixtureRecorder.record(
      "irc-server-commands", port: server.port, channels: "#ops", extra: ["--pacing", "100/10"]
    ) { chat in
      #expect(chat.waitForOutput { $0.contains("1 member") })
      try alice.join("#ops")
      #expect(chat.waitForOutput { $0.contains("alice joined") })
      chat.type("/whois alice")
      try Self.waitForReply(chat, "whois alice: ")
      chat.type("/WI nobody")
      try Self.waitForReply(chat, "whois nobody: no such nick")
      chat.type("/who #ops")
      try Self.waitForReply(chat, "who #ops (2):")
      chat.type("/channels")
      try Self.waitForReply(chat, "1 channel:")
      chat.type("/away lunch")
      try Self.waitForReply(chat, "you are marked as away: lunch")
      chat.type("/back")
      try Self.waitForReply(chat, "you are no longer marked as away")
      chat.type("/nick alice")
      try Self.waitForReply(chat, "cannot change nick to alice")
      chat.type("/nick botty")
      _ = try alice.waitFor("chat's new nick") { $0.command == "NICK" }
      chat.type("/mode")
      try Self.waitForReply(chat, "modes of #ops: ")
      chat.type("/invite carol")
      _ = try carol.waitFor(command: "INVITE")
      chat.type("/notice #ops heads up")
      _ = try alice.waitFor(command: "NOTICE")
      chat.type("/quote PRIVMSG #ops :by hand")
      _ = try alice.waitFor("the raw line") { $0.command == "PRIVMSG" }
      chat.type("/quote VERSION")
      try Self.waitForReply(chat, "server (351)")
    }
  }
}
