import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Records the IRC fixture cases under `Fixtures/irc-*` against real servers. Off unless
/// `RECORD_IRC_FIXTURES=1`: a recording is made once and then replayed by the snapshot suite
/// for ever, so it must not change on every run. Render the snapshots afterwards with
/// `SNAPSHOT_RECORD=missing swift test --filter SnapshotTests`.
@Suite(
  .ownThread,
  .enabled(if: IRCFixtureRecorder.isRecording, "set RECORD_IRC_FIXTURES=1 to record"),
  .requires(.inspircd, .ngircd), .timeLimit(.minutes(10)), .serialized)
struct IRCFixtureRecordingTests {
  /// A member of the channel, registered and joined.
  static func member(
    _ nick: String, port: UInt16, channel: String = "#chat", capabilities: [String]? = nil
  ) throws -> RawIRCClient {
    let client = try RawIRCClient.connect(port: port)
    try client.register(nick: nick, capabilities: capabilities)
    try client.join("\(channel)")
    return client
  }

  static func waitForJoin(_ watcher: RawIRCClient, _ nick: String = "bot") throws {
    _ = try watcher.waitFor("\(nick)'s join") { $0.command == "JOIN" && $0.nick == nick }
  }

  private static func waitForMessage(_ watcher: RawIRCClient, from nick: String = "bot") throws {
    _ = try watcher.waitFor("\(nick)'s message") { $0.command == "PRIVMSG" && $0.nick == nick }
  }

  @Test func nickCollision() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let holder = try Self.member("bot", port: server.port)
    defer { holder.close() }
    try IRCFixtureRecorder.record("irc-nick-collision", port: server.port) { chat in
      try Self.waitForJoin(holder, "bot_")
      try holder.send("PRIVMSG #chat :who took my name?")
      chat.type("sorry, bot was taken")
      try Self.waitForMessage(holder, from: "bot_")
    }
  }

  @Test func busyChannel() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let alice = try Self.member("alice", port: server.port)
    defer { alice.close() }
    try IRCFixtureRecorder.record("irc-busy-channel", port: server.port) { chat in
      try Self.waitForJoin(alice)
      let bob = try Self.member("bob", port: server.port)
      defer { bob.close() }
      let carol = try Self.member("carol", port: server.port)
      defer { carol.close() }
      try alice.send("TOPIC #chat :planning the release")
      try alice.send("PRIVMSG #chat :morning all")
      try bob.send("PRIVMSG #chat :morning")
      _ = try alice.waitFor("bob's message") { $0.command == "PRIVMSG" && $0.nick == "bob" }
      chat.type("hi everyone")
      try Self.waitForMessage(alice)
      try bob.send("NICK robert")
      _ = try alice.waitFor("bob's nick") { $0.command == "NICK" }
      try carol.send("PART #chat :lunch")
      _ = try alice.waitFor("carol's part") { $0.command == "PART" }
      try alice.send("TOPIC #chat :release on friday")
      _ = try carol.waitFor(command: "PART")
      try bob.send("QUIT :gone home")
      _ = try alice.waitFor("robert's quit") { $0.command == "QUIT" }
      try alice.send("PRIVMSG #chat :see you")
      _ = try alice.collect(for: 0.3)
      chat.type("bye")
      try Self.waitForMessage(alice)
    }
  }

  @Test func historyReplayOnJoin() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let alice = try Self.member("alice", port: server.port)
    defer { alice.close() }
    try alice.send("MODE #chat +H 50:1d")
    try alice.waitFor(command: "MODE")
    try alice.send("PRIVMSG #chat :first, before bot came")
    try alice.send("PRIVMSG #chat :second, before bot came")
    _ = try alice.collect(for: 0.3)
    try IRCFixtureRecorder.record("irc-history-replay", port: server.port) { chat in
      try Self.waitForJoin(alice)
      try alice.send("PRIVMSG #chat :third, live")
      _ = try alice.collect(for: 0.3)
      // Leaving and coming back replays the history again: the same msgids, shown once.
      chat.type("/part #chat brb")
      _ = try alice.waitFor("bot's part") { $0.command == "PART" && $0.nick == "bot" }
      chat.type("/join #chat")
      try Self.waitForJoin(alice)
      // Typed once chat is back in #chat: in the server's own conversation it would go nowhere.
      #expect(
        chat.waitForOutput { $0.components(separatedBy: "[#chat] -- you joined").count == 3 })
      chat.type("back")
      try Self.waitForMessage(alice)
    }
  }

  @Test func splitLongMessage() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let alice = try Self.member("alice", port: server.port)
    defer { alice.close() }
    var text = ""
    var word = 0
    while text.utf8.count < 1200 {
      text += "word\(word) "
      word += 1
    }
    try IRCFixtureRecorder.record("irc-split-message", port: server.port) { chat in
      try Self.waitForJoin(alice)
      chat.type(String(text.dropLast()))
      for _ in 0..<3 { try Self.waitForMessage(alice) }
    }
  }

  @Test func labeledDeliveryFailure() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let alice = try Self.member("alice", port: server.port)
    defer { alice.close() }
    let owner = try Self.member("owner", port: server.port, channel: "#locked")
    defer { owner.close() }
    try IRCFixtureRecorder.record(
      "irc-delivery-failure", port: server.port, expectedStatus: 75
    ) { chat in
      try Self.waitForJoin(alice)
      chat.type("/msg #locked let me in")
      chat.type("/msg nobody are you there?")
      chat.type("this one arrives")
      try Self.waitForMessage(alice)
    }
  }

  @Test func disconnectAndReconnectWithAnUnconfirmedMessage() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let alice = try Self.member("alice", port: server.port)
    defer { alice.close() }
    try IRCFixtureRecorder.record(
      "irc-reconnect-unconfirmed", port: proxy.port, expectedStatus: 75
    ) { chat in
      try Self.waitForJoin(alice)
      chat.type("before the cut")
      try Self.waitForMessage(alice)
      // The server gets the next message, but its echo never reaches chat: the link is cut.
      proxy.inject(.stall(.toClient), when: .whenSeen(.toServer, "PRIVMSG #chat :lost echo"))
      chat.type("lost echo")
      try Self.waitForMessage(alice)
      proxy.inject(.cut)
      proxy.inject(.resume)
      _ = try alice.waitFor("bot's quit", timeout: 15) { $0.command == "QUIT" && $0.nick == "bot" }
      try Self.waitForJoin(alice)
      chat.type("after the reconnect")
      try Self.waitForMessage(alice)
    }
  }

  @Test func reconnectConfirmsTheUnconfirmedMessageFromTheHistory() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let alice = try Self.member("alice", port: server.port)
    defer { alice.close() }
    try alice.send("MODE #chat +H 50:1d")
    try alice.waitFor(command: "MODE")
    try alice.send("PRIVMSG #chat :said before bot came")
    _ = try alice.collect(for: 0.3)
    try IRCFixtureRecorder.record("irc-reconnect-history", port: proxy.port) { chat in
      try Self.waitForJoin(alice)
      // The server takes the message, but its echo never reaches chat: the link is cut. The
      // history replayed on rejoining holds it: delivered, shown once.
      proxy.inject(.stall(.toClient), when: .whenSeen(.toServer, "PRIVMSG #chat :lost echo"))
      chat.type("lost echo")
      try Self.waitForMessage(alice)
      proxy.inject(.cut)
      proxy.inject(.resume)
      _ = try alice.waitFor("bot's quit", timeout: 15) { $0.command == "QUIT" && $0.nick == "bot" }
      try Self.waitForJoin(alice)
      chat.type("after the reconnect")
      try Self.waitForMessage(alice)
    }
  }

  /// InspIRCd keeps nicks to their usual characters and chat refuses to join a channel
  /// name with a control character, so the hostile text comes in topics, messages, notices,
  /// part and quit reasons and a private action.
  @Test func hostileNamesAndTopics() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let mallory = try RawIRCClient.joined("#chat", as: "mallory", port: server.port)
    defer { mallory.close() }
    try mallory.send("TOPIC #chat :\u{1B}]52;c;aGk=\u{7}\u{1B}[2J\u{202E}desrever \u{85}C1")
    _ = try mallory.waitFor(command: "TOPIC")
    try IRCFixtureRecorder.record("irc-hostile-names", port: server.port) { chat in
      try Self.waitForJoin(mallory)
      try mallory.send("PRIVMSG #chat :\u{1B}[1;1H\u{1B}[2Jcleared? \u{9B}31m \u{2066}isolate")
      try mallory.send("NOTICE #chat :\u{7}\u{7}bell \u{1B}]0;title\u{7}")
      try mallory.send("PRIVMSG bot :\u{1}ACTION \u{1B}[8mhidden\u{1}")
      try mallory.send("PART #chat :\u{1B}[5mblink\u{202E}")
      try mallory.send("JOIN #chat")
      try mallory.send("TOPIC #chat :\u{200B}\u{FEFF}invisible\u{2028}separator")
      _ = try mallory.collect(for: 0.3)
      chat.type("nothing above took effect")
      try Self.waitForMessage(mallory)
      try mallory.send("QUIT :\u{1B}[?1049h alt screen \u{202D}")
      _ = try mallory.collect(for: 0.3)
    }
  }

  @Test func ngircdWithoutEchoMessage() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let alice = try Self.member("alice", port: server.port)
    defer { alice.close() }
    try IRCFixtureRecorder.record("irc-ngircd-pong-confirms", port: server.port) { chat in
      try Self.waitForJoin(alice)
      try alice.send("PRIVMSG #chat :hello from ngircd")
      chat.type("confirmed by a PONG")
      chat.type("and this one too")
      try Self.waitForMessage(alice)
      try Self.waitForMessage(alice)
      try alice.send("TOPIC #chat :no tags here")
      _ = try alice.waitFor(command: "TOPIC")
    }
  }
}
