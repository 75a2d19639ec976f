import ChatCore
import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCTokenBucketTests {
  let start = Timestamp.virtualEpoch

  /// The times at which `count` lines, all waiting from `start`, go out.
  func releaseTimes(_ count: Int, settings: IRCTokenBucket.Settings = .default) -> [Int64] {
    var bucket = IRCTokenBucket(settings: settings, at: start)
    var now = start
    var times: [Int64] = []
    while times.count < count {
      if bucket.take(at: now) {
        times.append(start.milliseconds(to: now))
      } else {
        // An allowance that does not come later than now, when none was there, would make
        // this loop spin: it fails at once instead.
        let next = bucket.nextAllowance(after: now)
        guard next > now else {
          Issue.record("the next allowance after \(now) is \(next), and none was there")
          return times
        }
        now = next
      }
    }
    return times
  }

  @Test func aBurstOfFiveGoesAtOnceThenOneASecond() {
    #expect(releaseTimes(8) == [0, 0, 0, 0, 0, 1000, 2000, 3000])
  }

  @Test func aQuietSpellRefillsTheBurstButNoFurther() {
    var bucket = IRCTokenBucket(at: start)
    let later = start.advanced(byMilliseconds: 60_000)
    var taken = (0..<5).map { _ in bucket.take(at: start) }
    taken.append(bucket.take(at: start.advanced(byMilliseconds: 999)))
    taken += (0..<6).map { _ in bucket.take(at: later) }
    #expect(
      taken == Array(repeating: true, count: 5) + [false] + Array(repeating: true, count: 5) + [
        false
      ])
    #expect(bucket.nextAllowance(after: later) == later.advanced(byMilliseconds: 1000))
  }

  @Test func aClockThatStepsBackTakesNothingAway() {
    var bucket = IRCTokenBucket(settings: .init(burst: 1, intervalMilliseconds: 1000), at: start)
    let taken = [
      bucket.take(at: start), bucket.take(at: start.advanced(byMilliseconds: -5000)),
      bucket.take(at: start.advanced(byMilliseconds: 1000)),
    ]
    #expect(taken == [true, false, true])
  }

  @Test func unlimitedNeverHoldsALineBack() {
    #expect(releaseTimes(100, settings: .unlimited).allSatisfy { $0 == 0 })
  }

  /// InspIRCd's fake lag as the notes measured it: each line owes about a second, the debt
  /// drains in real time, and lines are held back once more than about ten seconds are owed
  /// (9 lines pass at once, then one a second). The defaults must never get there, so 200
  /// pasted lines (after the 5 registration lines) arrive without the server holding any.
  @Test func twoHundredPastedLinesNeverMakeInspIRCdHoldALineBack() {
    let times = releaseTimes(205)
    var owed: Int64 = 0
    var last: Int64 = 0
    var most: Int64 = 0
    for time in times {
      owed = max(0, owed - (time - last)) + 1000
      last = time
      most = max(most, owed)
    }
    #expect(most <= 6000)
    #expect(times.last == 200_000)
  }
}
