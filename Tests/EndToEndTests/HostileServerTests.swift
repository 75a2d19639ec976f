import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Synchronization
import Testing

/// The hostile-server battery: `chat` in line mode on a real pseudo-terminal against a
/// scripted server that misbehaves in one way per case. Every case checks that chat is still
/// running, that its peak memory stays under the bound the case states, that no escape from
/// the server takes effect on the terminal, and that chat says what happened.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileServerTests {
  static let channel = HostileRun.channel
  static let bob = ":bob!bob@127.0.0.1"

  /// The 1 MiB line never ends: chat drops it as it grows past the cap, says so, and says
  /// the connection closed when the server gives up.
  @Test func aMebibyteLineWithoutALineEndIsDroppedAndReported() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :before the long line")
      let line = Array("\(Self.bob) PRIVMSG \(Self.channel) :".utf8)
      try connection.send(bytes: line + Array(repeating: 0x41, count: (1 << 20) - line.count))
      connection.listen(for: 2)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("before the long line")
    run.expectShown("over the limit")
    run.expectShown("closed the connection")
    run.expectSurvived("1 MiB line without a line end", peakBelowKilobytes: 64 * 1024)
  }

  /// Bytes without a line end, as fast as chat reads them: memory stays flat, and chat says
  /// a line is being dropped while it still arrives. 128 MiB take a while in a debug build:
  /// in the full tier only (`CHAT_TEST_TIER=full`).
  @Test(.fullTier) func aNeverEndingLineKeepsMemoryBoundedAndIsReported() throws {
    let streamed = Mutex(0)
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :before the endless line")
      let chunk = [UInt8](repeating: 0x42, count: 64 * 1024)
      // At most 256 MiB or 60 s, whichever ends first (the test stops it sooner).
      let deadline = Deadline(seconds: 60)
      for _ in 0..<4096 where !deadline.hasPassed {
        try connection.send(bytes: chunk)
        streamed.withLock { $0 += chunk.count }
      }
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("before the endless line")
    run.expectShown("over the limit")
    run.terminal.expectScreen("chat to read 128 MiB", within: 60) { _ in
      streamed.withLock { $0 } >= 128 << 20
    }
    run.expectSurvived("never-ending line (128 MiB streamed)", peakBelowKilobytes: 64 * 1024)
  }
}
