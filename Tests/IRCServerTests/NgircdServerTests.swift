import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .requires(.ngircd), .timeLimit(.minutes(10)))
struct NgircdServerTests {
  @Test func startsAndARawClientRegistersWithoutEchoMessage() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    let registration = try client.register(nick: "alice", capabilities: ["echo-message"])
    #expect(registration.offered["echo-message"] == nil)
    #expect(registration.offered["multi-prefix"] != nil)
    #expect(registration.isupport["IRCD"] == "ngIRCd")
    print("ngircd start \(server.startSeconds) s, registration \(registration.seconds) s")
  }

  @Test func aPingAfterAMessageIsAnsweredInOrder() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let alice = try RawIRCClient.connect(port: server.port)
    defer { alice.close() }
    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try RawIRCClient.register([(alice, "alice"), (bob, "bob")])
    try alice.join("#chat")
    try bob.send("JOIN #chat")
    try alice.waitFor("bob's JOIN") { $0.command == "JOIN" && $0.nick == "bob" }
    try alice.send("PRIVMSG #chat :hi bob")
    try alice.send("PING :token1")
    let pong = try alice.waitFor(command: "PONG", "PRIVMSG")
    #expect(
      pong.command == "PONG" && pong.trailing == "token1", "no echo: the PONG is what comes back")
    #expect(try bob.waitFor(command: "PRIVMSG").trailing == "hi bob")
  }

  @Test func restartListensOnTheSamePort() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let port = server.port
    try server.restart()
    #expect(server.port == port)
    let client = try RawIRCClient.connect(port: port)
    defer { client.close() }
    try client.register(nick: "alice")
  }
}
