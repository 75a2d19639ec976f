import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The hostile-server battery, history: a server offering `draft/chathistory` that answers
/// chat's `CHATHISTORY LATEST` with a batch of 200,000 lines that never ends. chat shows what
/// it asked for, marked as history, says once that the rest was dropped, keeps its memory
/// bounded and stays responsive: a live line after the flood is shown. See `HostileServerTests`.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileHistoryTests {
  @Test func aHistoryBatchOfEndlessLinesIsCutAndSaidOnce() throws {
    let server = try ScriptedServer(registration: .none) { connection in
      let name = ScriptedConnection.serverName
      try connection.waitForLine("CAP LS") { $0.command == "CAP" }
      try connection.send(
        ":\(name) CAP * LS :batch draft/chathistory draft/event-playback message-tags server-time")
      let request = try connection.waitForLine("CAP REQ") {
        $0.command == "CAP" && $0.parameters.first == "REQ"
      }
      try connection.send(":\(name) CAP * ACK :\(request.trailing ?? "")")
      try connection.waitForLine("USER") { $0.command == "USER" }
      let nick = connection.nick
      try connection.send(":\(name) 001 \(nick) :Welcome \(nick)!user@127.0.0.1")
      try connection.send(":\(name) 005 \(nick) CHATHISTORY=1000 :are supported")
      try connection.acceptJoin(HostileRun.channel)
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
}
