import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct InspIRCdServerTests {
  @Test func startsOnAFreePortAndARawClientRegisters() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    let registration = try client.register(nick: "alice")
    #expect(client.nick == "alice")
    #expect(registration.isupport["NETWORK"] == "ChatTest")
    print("inspircd start \(server.startSeconds) s, registration \(registration.seconds) s")
  }

  @Test func offersEchoMessageAndLabeledResponse() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    let registration = try client.register(
      nick: "alice", capabilities: ["echo-message", "labeled-response", "message-tags", "batch"])
    for capability in ["echo-message", "labeled-response", "message-tags", "server-time", "batch"] {
      #expect(registration.offered[capability] != nil, "\(capability) not offered")
    }
    #expect(registration.acknowledged.isSuperset(of: ["echo-message", "labeled-response"]))
  }

  @Test func aLabeledPrivmsgIsEchoedWithItsLabelAndAMsgid() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    // InspIRCd drops the label from the echo unless `batch` is negotiated too.
    try client.register(
      nick: "alice", capabilities: ["echo-message", "labeled-response", "message-tags", "batch"])
    try client.join("#chat")
    try client.send("@label=m1 PRIVMSG #chat :hello world")
    let echo = try client.waitFor(command: "PRIVMSG")
    #expect(echo.tags["label"] == "m1")
    #expect(echo.tags["msgid"]?.isEmpty == false)
    #expect(echo.trailing == "hello world")
  }

  @Test func twoClientsExchangeAMessageInAChannel() throws {
    let server = try InspIRCdServer.start()
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
    let line = try bob.waitFor(command: "PRIVMSG")
    #expect(line.nick == "alice")
    #expect(line.parameters == ["#chat", "hi bob"])
  }

  @Test func stopEndsTheProcessAndRestartListensOnTheSamePort() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let port = server.port
    let pid = try #require(server.pid)
    server.stop()
    #expect(server.pid == nil)
    #expect(kill(pid, 0) != 0, "the pid is gone: stopped and reaped")
    #expect(throws: RawIRCClient.Failure.self) { try RawIRCClient.connect(port: port, timeout: 1) }
    try server.restart()
    #expect(server.port == port)
    #expect(server.pid != nil && server.pid != pid)
    let client = try RawIRCClient.connect(port: port)
    client.close()
  }

  @Test func killEndsTheProcessAtOnceAndClientsSeeTheStreamEnd() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    try client.register(nick: "alice")
    server.kill()
    #expect(server.pid == nil)
    #expect(throws: RawIRCClient.Failure.self) {
      try client.waitFor("end of stream", timeout: 5) { _ in false }
    }
  }
}
