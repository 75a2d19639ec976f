import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct FaultProxyTests {
  /// A server, alice connected directly and bob through a proxy, both in #chat.
  private struct Scene {
    let server: InspIRCdServer
    let proxy: FaultProxy
    let alice: RawIRCClient
    let bob: RawIRCClient

    func stop() {
      bob.close()
      alice.close()
      proxy.stop()
      server.stop()
    }
  }

  private func makeScene(recording: Bool = false) throws -> Scene {
    let server = try InspIRCdServer.start()
    let proxy: FaultProxy
    do {
      proxy = try FaultProxy(forwardingTo: server.port, recordsTranscript: recording)
    } catch {
      server.stop()
      throw error
    }
    let alice: RawIRCClient
    let bob: RawIRCClient
    do {
      alice = try RawIRCClient.connect(port: server.port)
      bob = try RawIRCClient.connect(port: proxy.port)
    } catch {
      proxy.stop()
      server.stop()
      throw error
    }
    let scene = Scene(server: server, proxy: proxy, alice: alice, bob: bob)
    do {
      try RawIRCClient.register([(alice, "alice"), (bob, "bob")])
      try alice.join("#chat")
      try bob.join("#chat")
      try alice.waitFor("bob's JOIN") { $0.command == "JOIN" && $0.nick == "bob" }
    } catch {
      scene.stop()
      throw error
    }
    return scene
  }

  @Test func forwardsBothWays() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    try scene.bob.send("PRIVMSG #chat :through the proxy")
    #expect(try scene.alice.waitFor(command: "PRIVMSG").trailing == "through the proxy")
    try scene.alice.send("PRIVMSG #chat :back again")
    #expect(try scene.bob.waitFor(command: "PRIVMSG").trailing == "back again")
    #expect(scene.proxy.acceptedConnections == 1)
    #expect(scene.proxy.bytesForwarded(.toServer) > 0 && scene.proxy.bytesForwarded(.toClient) > 0)
  }

  @Test func aStallHoldsTheServersLinesUntilResumed() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    scene.proxy.inject(.stall(.toClient))
    try scene.bob.send("PING :held")
    #expect(try scene.bob.collect(for: 0.3).isEmpty, "nothing reaches bob while stalled")
    scene.proxy.inject(.resume)
    try scene.bob.waitFor("PONG after resume", timeout: 5) { $0.command == "PONG" }
  }

  @Test func aDelayHoldsEachChunk() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    scene.proxy.inject(.delay(.toClient, seconds: 0.3))
    let sent = ContinuousClock.now
    try scene.bob.send("PING :later")
    try scene.bob.waitFor(command: "PONG")
    #expect((ContinuousClock.now - sent) >= .milliseconds(300))
  }

  @Test func aCutEndsBothSides() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    scene.proxy.inject(.cut)
    #expect(throws: RawIRCClient.Failure.self) {
      try scene.bob.waitFor("end of stream", timeout: 5) { _ in false }
    }
    let quit = try scene.alice.waitFor(command: "QUIT")
    #expect(quit.nick == "bob")
    #expect(scene.proxy.wait { $0.openConnections == 0 })
  }

  @Test func aTriggerCutsRightAfterTheChosenText() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    scene.proxy.inject(.cut, when: .whenSeen(.toServer, "first\r\n"))
    try scene.bob.sendBytes(Array("PRIVMSG #chat :first\r\nPRIVMSG #chat :second\r\n".utf8))
    #expect(try scene.alice.waitFor(command: "PRIVMSG").trailing == "first")
    let next = try scene.alice.waitFor(command: "PRIVMSG", "QUIT")
    #expect(next.command == "QUIT" && next.nick == "bob", "\(next)")
    #expect(scene.proxy.armedFaults == 0)
  }

  @Test func aByteCountTriggerStopsMidLine() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    let before = scene.proxy.bytesForwarded(.toServer)
    let line = "PRIVMSG #chat :cut in the middle"
    scene.proxy.inject(.cut, when: .afterBytes(.toServer, before + 10))
    try scene.bob.send(line)
    #expect(scene.proxy.wait { $0.openConnections == 0 })
    #expect(scene.proxy.bytesForwarded(.toServer) - before == 10)
    // The server got half a line and no line end: no message, only bob's quit.
    let next = try scene.alice.waitFor(command: "PRIVMSG", "QUIT")
    #expect(next.command == "QUIT", "\(next)")
  }

  @Test func aHalfCloseEndsOneDirectionOnly() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    scene.proxy.inject(.halfClose(.toClient))
    #expect(throws: RawIRCClient.Failure.self) {
      try scene.bob.waitFor("end of stream", timeout: 5) { _ in false }
    }
    try scene.bob.send("PRIVMSG #chat :still talking")
    #expect(try scene.alice.waitFor(command: "PRIVMSG").trailing == "still talking")
  }

  @Test func refusingNewConnectionsClosesThemAtOnce() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    scene.proxy.inject(.refuseNewConnections(true))
    let late = try RawIRCClient.connect(port: scene.proxy.port)
    defer { late.close() }
    #expect(throws: RawIRCClient.Failure.self) {
      try late.waitFor("end of stream", timeout: 5) { _ in false }
    }
  }

  @Test func aTimeTriggerFiresAtItsMoment() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    let armed = ContinuousClock.now
    scene.proxy.inject(.cut, when: .afterSeconds(0.3))
    #expect(throws: RawIRCClient.Failure.self) {
      try scene.bob.waitFor("end of stream", timeout: 5) { _ in false }
    }
    #expect(ContinuousClock.now - armed >= .milliseconds(300))
    #expect(scene.proxy.firedFaults == [.cut])
  }

  @Test func aLastingStallEndsByItself() throws {
    let scene = try makeScene()
    defer { scene.stop() }
    let armed = ContinuousClock.now
    scene.proxy.inject(.stall(.toClient), when: .afterSeconds(0), lasting: 0.3)
    #expect(scene.proxy.wait { $0.firedFaults.count == 1 })
    try scene.bob.send("PING :held")
    try scene.bob.waitFor("PONG after the stall", timeout: 5) { $0.command == "PONG" }
    #expect(ContinuousClock.now - armed >= .milliseconds(300))
    #expect(scene.proxy.firedFaults == [.stall(.toClient), .resume])
  }

  @Test func theTranscriptHoldsExactlyWhatTheServerWasGiven() throws {
    let scene = try makeScene(recording: true)
    defer { scene.stop() }
    let before = scene.proxy.bytesForwarded(.toServer)
    scene.proxy.inject(.cut, when: .afterBytes(.toServer, before + 10))
    try scene.bob.send("PRIVMSG #chat :cut in the middle")
    #expect(scene.proxy.wait { $0.openConnections == 0 })
    let transcript = scene.proxy.transcript(.toServer)
    #expect(transcript.count == 1)
    let text = String(decoding: transcript.first ?? [], as: UTF8.self)
    #expect(text.hasPrefix("NICK bob\r\n"))
    #expect(text.hasSuffix("\r\nPRIVMSG #c"), "\(text)")
    #expect(transcript.first?.count == before + 10)
  }
}
