import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The hostile-server battery, multiline (`draft/multiline`): a server that opens a multiline
/// batch of a million lines and never ends it, then two batches whose lines interleave, one
/// with a multiline batch nested in it. chat keeps at most one message's worth of the flood,
/// says so once, shows each real message once with its lines together, shows nothing of the
/// nested batch, keeps its memory bounded and stays responsive. See `HostileServerTests`.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileMultilineTests {
  @Test func anEndlessBatchOfAMillionLinesAndInterleavedBatches() throws {
    let channel = HostileRun.channel
    let server = try ScriptedServer(registration: .none) { connection in
      try connection.registerOffering(
        "batch draft/multiline=max-bytes=4096,max-lines=100 message-tags server-time",
        joining: channel)
      try connection.send("@msgid=flood :bob!b@h BATCH +flood draft/multiline \(channel)")
      for chunk in 0..<10 {
        try connection.send(
          lines: (0..<100_000).map {
            "@batch=flood :bob!b@h PRIVMSG \(channel) :flood \(chunk * 100_000 + $0)"
          })
      }
      try connection.send(
        lines: [
          "@msgid=a :bob!b@h BATCH +a draft/multiline \(channel)",
          "@msgid=b :carol!c@h BATCH +b draft/multiline \(channel)",
          "@batch=a :bob!b@h PRIVMSG \(channel) :first of bob's",
          "@batch=b :carol!c@h PRIVMSG \(channel) :first of carol's",
          "@batch=a :bob!b@h BATCH +nested draft/multiline \(channel)",
          "@batch=nested :bob!b@h PRIVMSG \(channel) :nested line",
          "@batch=a :bob!b@h BATCH -nested",
          "@batch=a :bob!b@h PRIVMSG \(channel) :second of bob's",
          "@batch=b :carol!c@h PRIVMSG \(channel) :second of carol's",
          ":carol!c@h BATCH -b",
          ":bob!b@h BATCH -a",
          // The same message again (its msgid): shown once.
          "@msgid=a :bob!b@h BATCH +a2 draft/multiline \(channel)",
          "@batch=a2 :bob!b@h PRIVMSG \(channel) :first of bob's",
          ":bob!b@h BATCH -a2",
          ":dave!d@h PRIVMSG \(channel) :after the flood",
        ])
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("dave: after the flood", within: 120)
    run.expectShown("was longer than chat keeps of one", within: 10)
    let shown = run.shownText
    #expect(shown.components(separatedBy: "longer than chat keeps of one").count == 2)
    #expect(!shown.contains("flood 0"), "the endless batch never ended: nothing of it shows")
    #expect(
      shown.contains("< carol: first of carol's\n         second of carol's\n"),
      "\(shown.suffix(2000))")
    #expect(
      shown.contains("< bob: first of bob's\n         second of bob's\n"), "\(shown.suffix(2000))")
    #expect(shown.components(separatedBy: "first of bob's").count == 2, "once")
    #expect(!shown.contains("nested line"))
    run.expectSurvived("an endless multiline batch", peakBelowKilobytes: 64 * 1024)
  }
}
