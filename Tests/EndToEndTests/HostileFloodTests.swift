import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Synchronization
import Testing

/// The hostile-server battery, part three: floods. See `HostileServerTests`.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileFloodTests {
  static let channel = HostileRun.channel
  static let bob = ":bob!bob@127.0.0.1"

  /// What a flood script measured at the server: answers counted over a time.
  struct Answers {
    var count = 0
    var seconds = 0.0
    var done = false
    var userLineArrived = false
  }

  /// 50,000 `PING`s at once: chat answers, but one `PONG` per pacing allowance (a burst of
  /// 5, then one a second) carrying the newest token, not one per `PING`.
  @Test func aPingFloodIsAnsweredAtThePacedRate() throws {
    let answers = Mutex(Answers())
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      let start = ContinuousClock.now
      try connection.send(lines: (0..<50_000).map { "PING :flood-\($0)" } + ["PING :last"])
      try connection.waitForLine("PONG last", within: 30) {
        $0.command == "PONG" && $0.trailing == "last"
      }
      let pongs = connection.lines.filter { $0.command == "PONG" }.count
      answers.withLock {
        $0 = Answers(count: pongs, seconds: (ContinuousClock.now - start).seconds, done: true)
      }
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :marker after the PING flood")
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the PING flood", within: 60)
    let measured = answers.withLock { $0 }
    print("hostile battery: PING flood: \(measured.count) PONGs in \(measured.seconds) s")
    #expect(measured.done)
    #expect(measured.count >= 1)
    #expect(measured.count <= 5 + Int(measured.seconds) + 2, "too many PONGs: \(measured)")
    run.expectSurvived("PING flood (50,000)", peakBelowKilobytes: 96 * 1024)
  }

  /// 20,000 CTCP requests over three seconds: at most one answer a second, and none left
  /// queued ahead of what the user types next.
  @Test func aCTCPFloodGetsAtMostOneAnswerASecond() throws {
    let answers = Mutex(Answers())
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      let start = ContinuousClock.now
      for round in 0..<10 {
        try connection.send(
          lines: (0..<1000).flatMap { index in
            [
              "\(Self.bob) PRIVMSG alice :\u{1}VERSION\u{1}",
              "\(Self.bob) PRIVMSG alice :\u{1}PING \(round)-\(index)\u{1}",
            ]
          })
        connection.listen(for: 0.3)
      }
      connection.listen(for: 2)
      let notices = connection.lines.filter {
        $0.command == "NOTICE" && ($0.trailing ?? "").hasPrefix("\u{1}")
      }
      answers.withLock {
        $0 = Answers(
          count: notices.count, seconds: (ContinuousClock.now - start).seconds, done: true)
      }
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :marker after the CTCP flood")
      // Nothing of the flood waits in chat's queue: the user's next line goes out promptly.
      try connection.waitForLine("the user's line after the flood", within: 15) {
        $0.command == "PRIVMSG" && $0.trailing == "typed after the flood"
      }
      answers.withLock { $0.userLineArrived = true }
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the CTCP flood", within: 60)
    run.terminal.type("typed after the flood\r")
    run.terminal.expectScreen("the typed line to reach the server", within: 20) { _ in
      answers.withLock { $0.userLineArrived }
    }
    let measured = answers.withLock { $0 }
    print("hostile battery: CTCP flood: \(measured.count) answers in \(measured.seconds) s")
    #expect(measured.done)
    #expect(measured.count >= 1)
    #expect(measured.count <= Int(measured.seconds) + 1, "too many answers: \(measured)")
    run.expectSurvived("CTCP flood (20,000)", peakBelowKilobytes: 96 * 1024)
  }

  /// 1,000 joins and 1,000 parts a second for five seconds, each a different nick.
  @Test func aThousandJoinsAndPartsASecondAreAllShown() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      for round in 0..<50 {
        let nicks = (0..<100).map { "j\(round * 100 + $0)" }
        try connection.send(
          lines: nicks.map { ":\($0)!u@127.0.0.1 JOIN \(Self.channel)" }
            + nicks.map { ":\($0)!u@127.0.0.1 PART \(Self.channel) :bye" })
        connection.listen(for: 0.1)
      }
      try connection.send("\(Self.bob) PRIVMSG \(Self.channel) :marker after the joins")
      connection.listen(for: 120)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the joins", within: 120)
    let shown = run.shownText
    #expect(shown.contains("j4999 joined") && shown.contains("j4999 left (bye)"))
    run.expectSurvived("1,000 joins and parts a second (5 s)", peakBelowKilobytes: 96 * 1024)
  }

  /// A names list of 10,000 members (chat's own nick among them) over 250 `353` lines.
  @Test func tenThousandMembersInANamesListAreCounted() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      var lines: [String] = []
      for start in stride(from: 0, to: 10_000, by: 40) {
        let names = (start..<(start + 40)).map {
          ($0 % 7 == 0 ? "@" : $0 % 5 == 0 ? "+" : "") + ($0 == 0 ? "alice" : "member\($0)")
        }
        lines.append(":hostile.test 353 alice = \(Self.channel) :" + names.joined(separator: " "))
      }
      lines.append(":hostile.test 366 alice \(Self.channel) :End of /NAMES list.")
      lines.append("\(Self.bob) PRIVMSG \(Self.channel) :marker after the names")
      try connection.send(lines: lines)
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the names")
    #expect(run.shownText.contains("10000 members"), "\(run.terminal.report)")
    run.expectSurvived("10,000-member names list", peakBelowKilobytes: 96 * 1024)
  }
}
