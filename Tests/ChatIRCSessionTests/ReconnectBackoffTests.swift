import ChatIRCSession
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReconnectBackoffTests {
  @Test func delaysDoubleWithinJitterUpToTheCap() {
    var backoff = ReconnectBackoff(seed: 7)
    var ceiling: Int64 = 1000
    for _ in 0..<12 {
      let delay = backoff.nextDelayMilliseconds()
      #expect(delay >= ceiling / 2 && delay <= ceiling)
      ceiling = min(60_000, ceiling * 2)
    }
  }

  @Test func theSameSeedGivesTheSameDelays() {
    var first = ReconnectBackoff(seed: 42)
    var second = ReconnectBackoff(seed: 42)
    var other = ReconnectBackoff(seed: 43)
    let delays = (0..<8).map { _ in first.nextDelayMilliseconds() }
    #expect(delays == (0..<8).map { _ in second.nextDelayMilliseconds() })
    #expect(delays != (0..<8).map { _ in other.nextDelayMilliseconds() })
  }

  @Test func resetStartsFromTheBaseAgain() {
    var backoff = ReconnectBackoff(seed: 1)
    for _ in 0..<10 { _ = backoff.nextDelayMilliseconds() }
    backoff.reset()
    #expect(backoff.nextDelayMilliseconds() <= 1000)
  }
}
