import Foundation
import IRCTestRequirements
import IRCTestSupport
import Synchronization
import Testing

/// SASL SCRAM-SHA-256 through the built binary against a server played by `SCRAMResponder`
/// over a loopback socket: a good exchange logs in (and its recording replays, with nothing
/// secret in it); a server that cannot prove it knows the password, a nonce that is not ours
/// extended and too few iterations are each refused like a refused login (exit 77).
@Suite(.ownThread, .timeLimit(.minutes(10))) struct SCRAMLoginTests {
  static let password = "pencil-\(UInt32.random(in: 100_000...999_999))"

  static func arguments(_ server: ScriptedServer, _ extra: [String] = []) -> [String] {
    [
      "--server", "irc://127.0.0.1:\(server.port)/#vault", "--name", "alice", "--sasl-user",
      "user", "--renderer", "jsonl",
    ] + extra
  }

  @Test func aGoodExchangeLogsInAndItsRecordingReplaysWithoutSecrets() throws {
    let responder = SCRAMResponder(account: "user", password: Self.password)
    let outcome = Mutex<SCRAMResponder.Outcome?>(nil)
    let server = try ScriptedServer(registration: .none) { connection in
      let played = try responder.play(on: connection)
      outcome.withLock { $0 = played }
      try connection.acceptJoin("#vault")
      try connection.waitForLine("the message") { $0.command == "PRIVMSG" }
      let ping = try connection.waitForLine("PING") { $0.command == "PING" }
      try connection.send(
        ":\(ScriptedConnection.serverName) PONG \(ScriptedConnection.serverName) :"
          + (ping.parameters.last ?? ""))
      try connection.waitForLine("QUIT") { $0.command == "QUIT" }
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let run = try BinaryRunner.run(
      Self.arguments(server, ["--record", recording]), stdin: Array("by proof\n".utf8),
      environment: home.environment(["CHAT_SASL_PASSWORD": Self.password]), timeout: 30)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(server.failures.isEmpty, "\(server.failures)")
    let played = try #require(outcome.withLock { $0 })
    #expect(played.clientProofValid, "the server checked the client's proof")
    #expect(played.clientFirst.hasPrefix("n,,n=user,r="), "\(played.clientFirst)")
    #expect(run.stderr.contains("logged in as user"), "\(run.stderr)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    for text in [run.output, run.stderr, recorded] {
      #expect(!text.contains(Self.password))
      #expect(!text.contains(Data(Self.password.utf8).base64EncodedString()))
    }
    #expect(recorded.contains("AUTHENTICATE <redacted>"), "\(recorded)")
    try run.ending.expectReplay(of: recording, environment: home.environment())
  }

  @Test(arguments: [
    (SCRAMResponder.Fault.badSignature, "the server could not prove it knows the password"),
    (.wrongNonce, "the server's nonce does not extend the one chat sent"),
    (.iterations(4095), "the server asks for 4095 iterations, fewer than the 4096"),
  ])
  func aServerThatFailsItsPartIsRefusedWithSeventySeven(
    fault: SCRAMResponder.Fault, reason: String
  ) throws {
    let responder = SCRAMResponder(account: "user", password: Self.password, fault: fault)
    let server = try ScriptedServer(registration: .none) { connection in
      _ = try? responder.play(on: connection)
      connection.listen(for: 10)
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let run = try BinaryRunner.run(
      Self.arguments(server), stdin: Array("never sent\n".utf8),
      environment: home.environment(["CHAT_SASL_PASSWORD": Self.password]), timeout: 30)
    #expect(run.status == 77, "\(run.stderr)")
    #expect(run.stderr.contains("SASL SCRAM-SHA-256 failed: \(reason)"), "\(run.stderr)")
    #expect(!run.stderr.contains(Self.password))
    #expect(!run.output.contains("never sent"), "\(run.output)")
    let said = server.connections.first?.lines ?? []
    #expect(!said.contains { $0.command == "PRIVMSG" }, "nothing sent after the refusal")
    #expect(said.contains { $0.command == "QUIT" }, "\(said)")
  }
}
