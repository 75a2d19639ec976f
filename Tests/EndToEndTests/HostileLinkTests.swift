import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The hostile-server battery, part four: servers that do not register chat. See
/// `HostileServerTests`.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileLinkTests {
  /// A server that accepts the connection and never says a word: after 30 s without
  /// registration chat gives the connection up, says so, and tries again later. Those 30 s
  /// are chat's own limit: in the full tier only (`CHAT_TEST_TIER=full`); the fast tier has
  /// the limit in `IRCClientHostileTests`, on a virtual clock.
  @Test(.fullTier) func aServerThatNeverSpeaksIsGivenUpOnWithANotice() throws {
    let server = try ScriptedServer(registration: .none) { connection in
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("no answer from the server within 30 s", within: 45)
    run.expectShown("reconnecting")
    run.expectSurvived("a server that never speaks", peakBelowKilobytes: 64 * 1024)
  }

  /// A server that closes the connection in the middle of registration.
  @Test func aServerClosingDuringRegistrationIsReported() throws {
    let server = try ScriptedServer(registration: .none) { connection in
      try connection.waitForLine("USER") { $0.command == "USER" }
      try connection.send(":\(ScriptedConnection.serverName) NOTICE * :*** Checking your ident")
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("during registration")
    run.expectShown("reconnecting")
    run.expectSurvived("a server closing during registration", peakBelowKilobytes: 64 * 1024)
  }

  /// Piped, the same server: chat gives up and exits 69, saying why.
  @Test func pipedAServerClosingDuringRegistrationExitsUnavailable() throws {
    let server = try ScriptedServer(registration: .none, connections: 10) { connection in
      try connection.waitForLine("USER") { $0.command == "USER" }
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#hostile", "--name", "alice",
        "--renderer", "jsonl",
      ], environment: home.environment())
    defer { chat.stop() }
    chat.type("hello")
    chat.closeInput()
    let status = chat.waitForExit(within: 60)
    #expect(status == 69, "exit \(String(describing: status))\n\(chat.stderr)")
    #expect(chat.stderr.contains("during registration"), "\(chat.stderr)")
  }

  /// Piped, a server that never speaks: after 30 s chat gives up and exits 69, saying why,
  /// with the message it could not send reported as not sent. In the full tier only, as the
  /// first.
  @Test(.fullTier) func pipedAServerThatNeverSpeaksExitsUnavailable() throws {
    let server = try ScriptedServer(registration: .none) { connection in
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#hostile", "--name", "alice",
        "--renderer", "jsonl",
      ], environment: home.environment())
    defer { chat.stop() }
    chat.type("hello")
    chat.closeInput()
    let status = chat.waitForExit(within: 60)
    #expect(status == 69, "exit \(String(describing: status))\n\(chat.stderr)")
    #expect(chat.stderr.contains("no answer from the server within 30 s"), "\(chat.stderr)")
  }
}
