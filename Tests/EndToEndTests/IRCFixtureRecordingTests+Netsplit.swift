import Foundation
import IRCTestSupport
import Testing

/// The netsplit fixture: two InspIRCd servers linked with `spanningtree`, chat on the first.
extension IRCFixtureRecordingTests {
  /// The dozen people on irc2.test, so the split is one notice for twelve quits.
  private static let farNicks = [
    "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "kevin", "laura",
    "mallory",
  ]

  /// Waits until `watcher` has seen a `JOIN` of each of `nicks`.
  private static func waitForJoins(of nicks: [String], _ watcher: RawIRCClient) throws {
    var missing = Set(nicks)
    while !missing.isEmpty {
      let join = try watcher.waitFor("the JOINs of \(missing.sorted())") { $0.command == "JOIN" }
      missing.remove(join.nick ?? "")
    }
  }

  /// Waits until `watcher` has seen `nick` say `text` in #chat.
  private static func waitForText(
    _ text: String, from nick: String, _ watcher: RawIRCClient
  ) throws {
    _ = try watcher.waitFor("\(nick): \(text)") {
      $0.command == "PRIVMSG" && $0.nick == nick && $0.trailing == text
    }
  }

  /// Waits (at most `seconds`) until chat's output holds `text`.
  private static func waitForOutput(_ text: String, _ chat: LiveChat, seconds: Double = 10)
    throws
  {
    let deadline = Date().addingTimeInterval(seconds)
    while !String(decoding: chat.stdout, as: UTF8.self).contains(text) {
      guard Date() < deadline else {
        throw RawIRCClient.Failure.timedOut(
          waitingFor: "\(text) in chat's output", seconds: seconds,
          recent: [String(decoding: chat.stdout, as: UTF8.self), chat.stderr])
      }
      usleep(20_000)
    }
  }

  /// chat on irc1.test with alice; twelve people on irc2.test. An operator's `SQUIT` of
  /// irc2.test on irc1.test sends chat the twelve quits at once (InspIRCd writes them all
  /// while handling the `SQUIT`): one netsplit notice. During the split chat's message is
  /// echoed by irc1.test alone and alice answers; an operator's `CONNECT` brings the twelve
  /// back in one burst of joins: one netjoin notice. Then irc2.test and chat talk again.
  @Test func netsplitAndRelink() throws {
    let network = try LinkedInspIRCdServers.start()
    defer { network.stop() }
    let alice = try Self.member("alice", port: network.one.port)
    defer { alice.close() }
    let far = try Self.farNicks.map { _ in try RawIRCClient.connect(port: network.two.port) }
    defer { for client in far { client.close() } }
    try RawIRCClient.register(Array(zip(far, Self.farNicks)))
    for client in far { try client.join("#chat") }
    try Self.waitForJoins(of: Self.farNicks, alice)
    let bob = far[0]

    let recording = Snapshot.fixtures.appendingPathComponent("irc-netsplit/scenario.chat")
    let live = try IRCFixtureRecorder.record("irc-netsplit", port: network.one.port) { chat in
      try Self.waitForJoin(alice)
      try Self.waitForJoin(bob)
      // Across the link, both ways.
      try bob.send("PRIVMSG #chat :hello from irc2")
      try Self.waitForText("hello from irc2", from: "bob", alice)
      chat.type("hello from irc1")
      try Self.waitForText("hello from irc1", from: "bot", bob)
      try alice.send("PRIVMSG #chat :both servers hear me")
      try Self.waitForText("both servers hear me", from: "alice", bob)

      try network.split()
      try Self.waitForOutput("netsplit: 12 people left #chat", chat)
      // Only irc1.test hears this: its echo confirms it.
      chat.type("during the split")
      try Self.waitForText("during the split", from: "bot", alice)
      try alice.send("PRIVMSG #chat :only irc1 hears us now")
      try Self.waitForOutput("alice: only irc1 hears us now", chat)

      try network.link()
      try Self.waitForJoins(of: Self.farNicks, alice)
      try Self.waitForOutput("netjoin: 12 people are back in #chat", chat)
      try bob.send("PRIVMSG #chat :back from the split")
      try Self.waitForText("back from the split", from: "bob", alice)
      chat.type("welcome back")
      try Self.waitForText("welcome back", from: "bot", bob)
    }
    #expect(
      !far.contains { $0.history.contains { $0.trailing == "during the split" } },
      "irc2.test never got the message sent during the split")
    // The quits came in one burst and the joins in another: one notice each, no quit lines.
    let printed = String(decoding: live.output, as: UTF8.self)
    #expect(printed.components(separatedBy: "-- netsplit: ").count == 2, "\(printed)")
    #expect(printed.components(separatedBy: "-- netjoin: ").count == 2, "\(printed)")
    #expect(!printed.contains(" quit"), "\(printed)")
    #expect(printed.components(separatedBy: " joined").count == 2, "only you joined: \(printed)")

    // The replay prints what the live run printed.
    let home = try ScratchFolder()
    defer { home.remove() }
    let replay = try BinaryRunner.run(
      ["--scenario", recording.path, "--renderer", "log"], environment: home.environment())
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.output == String(decoding: live.output, as: UTF8.self))
    #expect(replay.stderr == live.errors)
  }
}
