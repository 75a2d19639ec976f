import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct LinkedServersTests {
  /// Two servers allowed to link, started, not linked yet.
  private func startPair() throws -> (InspIRCdServer, InspIRCdServer) {
    var second = InspIRCdConfiguration()
    second.serverName = "irc2.test"
    second.serverID = "2AA"
    let one = try InspIRCdServer()
    let two = try InspIRCdServer(second)
    one.allowLink(with: two)
    try one.start()
    try two.start()
    return (one, two)
  }

  @Test func aMessageCrossesTheLinkAfterOperConnect() throws {
    let (one, two) = try startPair()
    defer { one.stop() }
    defer { two.stop() }
    let alice = try RawIRCClient.connect(port: one.port)
    defer { alice.close() }
    let bob = try RawIRCClient.connect(port: two.port)
    defer { bob.close() }
    try RawIRCClient.register([(alice, "alice"), (bob, "bob")])
    try alice.join("#chat")
    try bob.join("#chat")

    let seconds = try two.link(to: one)
    print("link \(seconds) s")
    // Bob's side learns of alice in the burst; the link helper returned after both bursts.
    try alice.send("PRIVMSG #chat :across the link")
    let line = try bob.waitFor("alice's message") { $0.command == "PRIVMSG" }
    #expect(line.nick == "alice")
    #expect(line.trailing == "across the link")
  }

  @Test func aSquitShowsAQuitForEveryUserBehindTheSplit() throws {
    let (one, two) = try startPair()
    defer { one.stop() }
    defer { two.stop() }
    try one.link(to: two)
    let alice = try RawIRCClient.connect(port: one.port)
    defer { alice.close() }
    let bob = try RawIRCClient.connect(port: two.port)
    defer { bob.close() }
    let carol = try RawIRCClient.connect(port: two.port)
    defer { carol.close() }
    try RawIRCClient.register([(alice, "alice"), (bob, "bob"), (carol, "carol")])
    try alice.join("#chat")
    try bob.send("JOIN #chat")
    try carol.send("JOIN #chat")
    try alice.waitFor("bob's JOIN") { $0.command == "JOIN" && $0.nick == "bob" }
    try alice.waitFor("carol's JOIN") { $0.command == "JOIN" && $0.nick == "carol" }

    try one.split(from: two)
    var quits: [IRCLine] = []
    while quits.count < 2 {
      quits.append(try alice.waitFor(command: "QUIT"))
    }
    #expect(Set(quits.compactMap(\.nick)) == ["bob", "carol"])
    // hidesplits="no": the reason names both servers.
    #expect(quits.allSatisfy { $0.trailing == "irc1.test irc2.test" }, "\(quits)")
    // The split does not disconnect the clients.
    try alice.send("PING :still-here")
    try alice.waitFor("PONG") { $0.command == "PONG" && $0.trailing == "still-here" }
  }

  @Test func theLinkedPairSplitsBothSidesKillsAndRelinks() throws {
    let network = try LinkedInspIRCdServers.start()
    defer { network.stop() }
    let alice = try RawIRCClient.connect(port: network.one.port)
    defer { alice.close() }
    let bob = try RawIRCClient.connect(port: network.two.port)
    defer { bob.close() }
    try RawIRCClient.register([(alice, "alice"), (bob, "bob")])
    try alice.join("#chat")
    try bob.send("JOIN #chat")
    try alice.waitFor("bob's JOIN") { $0.command == "JOIN" && $0.nick == "bob" }

    try network.split()
    try alice.waitFor("bob's QUIT") { $0.command == "QUIT" && $0.nick == "bob" }
    try bob.waitFor("alice's QUIT") { $0.command == "QUIT" && $0.nick == "alice" }
    try network.relink()
    try alice.waitFor("bob back") { $0.command == "JOIN" && $0.nick == "bob" }
    try bob.waitFor("alice back") { $0.command == "JOIN" && $0.nick == "alice" }

    let killed = network.two.pid
    try network.killTwo()
    #expect(!network.two.isRunning && killed != nil)
    let quit = try alice.waitFor("bob's QUIT") { $0.command == "QUIT" && $0.nick == "bob" }
    #expect(quit.trailing == "irc1.test irc2.test")
    try network.relink()
    #expect(network.two.isRunning && network.two.pid != killed)
    let carol = try RawIRCClient.connect(port: network.two.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    try carol.send("PRIVMSG alice :across the new link")
    let line = try alice.waitFor("carol's message") { $0.command == "PRIVMSG" }
    #expect(line.nick == "carol" && line.trailing == "across the new link")
  }
}
