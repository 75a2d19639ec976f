import ChatCore
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10)))
struct IRCIgnoredLinesTests {
  @Test func aFloodOfBadLinesGetsOneNoticeASecondCountingTheRest() {
    var lines = IRCIgnoredLines()
    let notices = [
      ("bad", 0), ("bad", 999), ("bad", 999), ("worse", 1000), ("bad", 1999), ("bad", 2000),
    ].map { reason, milliseconds in
      lines.notice(reason, at: Timestamp.virtualEpoch.advanced(byMilliseconds: Int64(milliseconds)))
    }
    #expect(
      notices == [
        "bad", nil, nil, "worse (and 2 more lines ignored before it)", nil,
        "bad (and 1 more line ignored before it)",
      ])
  }
}
