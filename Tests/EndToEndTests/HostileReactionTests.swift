import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The hostile-server battery: replies and reactions (`+draft/reply`, `+draft/react`) to
/// message ids never seen, in flood, oversized and malformed (see `HostileServerTests`).
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileReactionTests {
  static let channel = HostileRun.channel
  static let bob = ":bob!bob@127.0.0.1"

  /// 20,000 reactions, each to a different msgid never seen (more than the tally keeps), 2,000
  /// replies to msgids never seen, reactions of 4 KiB and with escapes, malformed ones: each
  /// reply says "an earlier message", the escapes are shown as stand-ins, memory stays bounded.
  @Test func reactionsAndRepliesToMessagesNeverSeenStayBounded() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      for round in 0..<20 {
        var lines: [String] = []
        for index in 0..<1000 {
          let msgid = "never-\(round)-\(index)"
          lines.append("@+draft/react=👍;+draft/reply=\(msgid) \(Self.bob) TAGMSG \(Self.channel)")
        }
        for index in 0..<100 {
          lines.append(
            "@+draft/reply=gone-\(round)-\(index) \(Self.bob) PRIVMSG \(Self.channel) :re \(index)")
        }
        lines += [
          "@+draft/react=\(String(repeating: "x", count: 4096));+draft/reply=m \(Self.bob) TAGMSG \(Self.channel)",
          "@+draft/react=\u{1B}[31m;+draft/reply=m\(round) \(Self.bob) TAGMSG \(Self.channel)",
          "@+draft/react=👍 \(Self.bob) TAGMSG \(Self.channel)",
          "@+draft/react=👍;+draft/reply=m \(Self.bob) TAGMSG",
          "@+draft/reply=\(String(repeating: "y", count: 4000)) \(Self.bob) PRIVMSG \(Self.channel) :long id",
        ]
        try connection.send(lines: lines)
        connection.listen(for: 0.1)
      }
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :marker after the reactions")
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the reactions", within: 120)
    let shown = run.shownText
    #expect(shown.contains("bob: (reply to an earlier message) re 99"), "\(run.terminal.report)")
    #expect(shown.contains("bob reacted 👍 to an earlier message (👍 1)"))
    #expect(shown.contains("bob: long id"))
    #expect(shown.contains("bob reacted ␛[31m to an earlier message"), "\(run.terminal.report)")
    #expect(!shown.contains("xxxxxxxxxxxxxxxx"), "an oversized reaction was shown")
    run.expectSurvived(
      "reactions and replies to msgids never seen (22,000)", peakBelowKilobytes: 96 * 1024)
  }
}
