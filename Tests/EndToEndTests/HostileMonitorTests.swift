import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The hostile-server battery: IRCv3 `MONITOR` replies in flood, unasked, malformed and
/// oversized (see `HostileServerTests`).
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileMonitorTests {
  static let channel = HostileRun.channel
  static let bob = ":bob!bob@127.0.0.1"

  /// After `/monitor +bob`: 20,000 `730`/`731` lines naming 60 nicks never watched each, 1,000
  /// flips of bob, `730`s of 400 targets, malformed ones and `734`s for nicks never asked: only
  /// bob's changes are shown, nothing of the others, memory stays bounded.
  @Test func aMonitorReplyFloodShowsOnlyWatchedNicksChanging() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      try connection.send(":hostile.test 005 alice MONITOR=100 :are supported")
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :ready for monitor")
      _ = try connection.waitForLine("MONITOR + bob", within: 30) {
        $0.command == "MONITOR" && $0.parameters == ["+", "bob"]
      }
      let strangers = (0..<60).map { "mallory\($0)!m@evil" }.joined(separator: ",")
      for round in 0..<20 {
        var lines: [String] = []
        for index in 0..<1000 {
          lines.append(":hostile.test \(index % 2 == 0 ? 730 : 731) alice :\(strangers)")
        }
        for index in 0..<50 {
          lines.append(":hostile.test \((round * 50 + index) % 2 == 0 ? 730 : 731) alice :bob")
        }
        lines.append(
          ":hostile.test 730 alice :" + (0..<400).map { "x\($0)" }.joined(separator: ","))
        lines += [
          ":hostile.test 730", ":hostile.test 731 alice", ":hostile.test 734 alice",
          ":hostile.test 734 alice 1 eve,mallory1 :Monitor list is full.",
          ":hostile.test 732 alice :mallory2", ":hostile.test 733 alice :End of MONITOR list",
        ]
        try connection.send(lines: lines)
        connection.listen(for: 0.1)
      }
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :marker after the monitor flood")
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("ready for monitor")
    run.terminal.type("/monitor +bob\r")
    run.expectShown("marker after the monitor flood", within: 120)
    let shown = run.shownText
    #expect(shown.contains("bob is online") && shown.contains("bob is offline"))
    #expect(!shown.contains("mallory"), "\(run.terminal.report)")
    #expect(!shown.contains("x399") && !shown.contains("eve"), "\(run.terminal.report)")
    run.expectSurvived("MONITOR reply flood (20,000 lines)", peakBelowKilobytes: 96 * 1024)
  }
}
