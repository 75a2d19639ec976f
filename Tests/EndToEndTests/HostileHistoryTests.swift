import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The hostile-server battery, history: a server offering `draft/chathistory` that answers
/// chat's `CHATHISTORY LATEST` with a batch of 200,000 lines that never ends (chat shows what
/// it asked for, marked as history, says once that the rest was dropped, keeps its memory
/// bounded and stays responsive: a live line after the flood is shown), or with batches
/// nested, interleaved, never opened or never closed, lines without a msgid or a time or with
/// a bad one, a duplicate, and times far older and newer than asked (each message shown once,
/// nothing raw, the live line after them shown). See `HostileServerTests`.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileHistoryTests {
  static let historyCapabilities =
    "batch draft/chathistory draft/event-playback message-tags server-time"

  @Test func aHistoryBatchOfEndlessLinesIsCutAndSaidOnce() throws {
    let server = try ScriptedServer(registration: .none) { connection in
      let name = ScriptedConnection.serverName
      try connection.registerOffering(
        Self.historyCapabilities, isupport: "CHATHISTORY=1000", joining: HostileRun.channel)
      try connection.waitForLine("CHATHISTORY LATEST") { $0.command == "CHATHISTORY" }
      let lines = (1...200_000).map { number in
        "@batch=flood;msgid=f\(number);time=2026-12-01T08:00:00.000Z :bob!b@h PRIVMSG"
          + " \(HostileRun.channel) :flood \(number)"
      }
      try connection.send(
        lines: [":\(name) BATCH +flood chathistory \(HostileRun.channel)"] + lines)
      try connection.send(":bob!b@h PRIVMSG \(HostileRun.channel) :after the flood")
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("the server sent more than the 50 messages asked for", within: 60)
    run.expectShown("bob: after the flood", within: 60)
    let shown = run.shownText
    #expect(shown.contains("| < bob: flood 50"), "\(shown.suffix(3000))")
    #expect(!shown.contains("flood 51"), "\(shown.suffix(3000))")
    #expect(shown.components(separatedBy: "the server sent more than").count == 2)
    run.expectSurvived("an endless history batch", peakBelowKilobytes: 64 * 1024)
  }

  @Test func tangledHistoryBatchesShowEachMessageOnce() throws {
    let channel = HostileRun.channel
    let server = try ScriptedServer(registration: .none) { connection in
      let name = ScriptedConnection.serverName
      try connection.registerOffering(
        Self.historyCapabilities, isupport: "CHATHISTORY=1000", joining: channel)
      try connection.waitForLine("CHATHISTORY LATEST") { $0.command == "CHATHISTORY" }
      let time = "time=2026-12-01T08:00:00.000Z"
      try connection.send(lines: [
        ":\(name) BATCH +h1 chathistory \(channel)",
        "@batch=h1;msgid=n1;\(time) :bob!b@h PRIVMSG \(channel) :first in order",
        "@batch=h1 :\(name) BATCH +h2 chathistory \(channel)",
        "@batch=h2;msgid=n2;\(time) :bob!b@h PRIVMSG \(channel) :nested one",
        ":\(name) BATCH -h2",
        ":\(name) BATCH +h3 chathistory \(channel)",
        "@batch=h3;msgid=n3 :carol!c@h PRIVMSG \(channel) :interleaved one",
        "@batch=h1 :bob!b@h PRIVMSG \(channel) :no ids",
        "@batch=h1;msgid=n1;\(time) :bob!b@h PRIVMSG \(channel) :first in order",
        "@batch=h3;msgid=n4;time=2099-01-01T00:00:00.000Z :carol!c@h PRIVMSG \(channel) :from the future",
        "@batch=h3;msgid=n5;time=1970-01-01T00:00:00.000Z :carol!c@h PRIVMSG \(channel) :from long ago",
        "@batch=h1;msgid=n6;time=garbage :bob!b@h PRIVMSG \(channel) :bad \u{1B}[2J time",
        ":\(name) BATCH -h3",
        ":\(name) BATCH -h1",
        "@batch=never;msgid=n7 :bob!b@h PRIVMSG \(channel) :in a batch never opened",
        ":\(name) BATCH +open chathistory \(channel)",
        "@batch=open;msgid=n8 :bob!b@h PRIVMSG \(channel) :in a batch never closed",
        ":bob!b@h PRIVMSG \(channel) :live after",
      ])
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("bob: live after", within: 60)
    let shown = run.shownText
    for text in [
      "first in order", "nested one", "interleaved one", "no ids", "from the future",
      "from long ago", "live after",
    ] {
      #expect(shown.components(separatedBy: text).count == 2, "\(text) once: \(shown.suffix(3000))")
    }
    for text in ["bad", "in a batch never opened", "in a batch never closed"] {
      #expect(shown.components(separatedBy: text).count <= 2, "\(text): \(shown.suffix(3000))")
    }
    run.expectSurvived("tangled history batches", peakBelowKilobytes: 64 * 1024)
  }
}
