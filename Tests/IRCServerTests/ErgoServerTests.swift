import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .requires(.ergo), .timeLimit(.minutes(10)))
struct ErgoServerTests {
  @Test func startsAndOffersTheModernCapabilities() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    let registration = try client.register(
      nick: "alice", capabilities: ["echo-message", "batch", "server-time", "message-tags"])
    for capability in [
      "draft/chathistory", "draft/multiline", "draft/read-marker", "draft/channel-rename",
      "echo-message", "labeled-response", "sasl", "extended-monitor",
    ] {
      #expect(registration.offered[capability] != nil, "\(capability) not offered")
    }
    #expect(registration.offered["draft/multiline"] == "max-bytes=4096,max-lines=100")
    #expect(registration.isupport["CHATHISTORY"] == "1000")
    #expect(registration.isupport["CASEMAPPING"] == "ascii")
    #expect(registration.isupport["UTF8ONLY"] != nil)
    print("ergo start \(server.startSeconds) s, registration \(registration.seconds) s")
  }

  @Test func historyIsFetchedWithChathistoryNotReplayedOnJoin() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let alice = try RawIRCClient.connect(port: server.port)
    defer { alice.close() }
    try alice.register(nick: "alice")
    try alice.join("#h")
    for number in 1...3 { try alice.send("PRIVMSG #h :line \(number)") }
    // Ergo handles each connection on its own: the PONG says alice's lines are stored.
    try alice.send("PING :stored")
    _ = try alice.waitFor("the PONG") { $0.command == "PONG" && $0.trailing == "stored" }
    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try bob.register(
      nick: "bob", capabilities: ["batch", "server-time", "message-tags", "draft/chathistory"])
    try bob.join("#h")
    try bob.send("CHATHISTORY LATEST #h * 10")
    let start = try bob.waitFor("the history batch") { $0.command == "BATCH" }
    #expect(start.parameters.dropFirst().first == "chathistory")
    var texts: [String] = []
    for _ in 0..<20 {
      let line = try bob.waitFor(command: "PRIVMSG", "BATCH")
      if line.command == "BATCH" { break }
      #expect(line.tags["msgid"] != nil && line.tags["time"] != nil)
      // Without `draft/event-playback`, joins come as HistServ's lines among them.
      if line.nick == "alice" { texts.append(line.trailing ?? "") }
    }
    #expect(texts == ["line 1", "line 2", "line 3"])
  }

  @Test func theOperatorOfTheTestsCanOperUp() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    try client.register(nick: "oper")
    try client.send("OPER \(ErgoServer.operName) \(ErgoServer.operPassword)")
    let reply = try client.waitFor("381 or an error") {
      ["381", "464", "491"].contains($0.command)
    }
    #expect(reply.command == "381")
  }

  @Test func restartListensOnTheSamePortAndKeepsAccounts() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let port = server.port
    let alice = try RawIRCClient.connect(port: port)
    try alice.register(nick: "alice")
    try alice.send("PRIVMSG NickServ :REGISTER secretpass")
    let registered = try alice.waitFor("NickServ's answer") {
      $0.command == "NOTICE" && $0.nick == "NickServ"
    }
    #expect(registered.trailing == "Account created", "\(registered)")
    alice.close()
    try server.restart()
    #expect(server.port == port)
    let again = try RawIRCClient.connect(port: port)
    defer { again.close() }
    try again.register(nick: "someone")
    try again.send("PRIVMSG NickServ :INFO alice")
    let info = try again.waitFor("NickServ's INFO") {
      $0.command == "NOTICE" && $0.nick == "NickServ"
    }
    #expect(info.trailing?.contains("alice") == true, "\(info)")
  }
}
