import ChatCore
import ChatRendering
import Foundation
import Testing

@Suite(.timeLimit(.minutes(10))) struct TimeFormatTests {
  @Test func virtualEpochIsNoonOnNewYearsDay2025() {
    #expect(TimeFormat.rfc3339(.virtualEpoch) == "2025-01-01T12:00:00.000Z")
    #expect(TimeFormat.timeOfDay(.virtualEpoch.advanced(byMilliseconds: 100)) == "12:00:00.100")
  }

  @Test func timeOfDayAppliesTheOffsetAndWrapsAroundMidnight() {
    let time = Timestamp.virtualEpoch.advanced(byMilliseconds: 12 * 3_600_000 - 1)
    #expect(TimeFormat.timeOfDay(time) == "23:59:59.999")
    #expect(TimeFormat.timeOfDay(time, utcOffsetSeconds: 3600) == "00:59:59.999")
    #expect(TimeFormat.timeOfDay(.virtualEpoch, utcOffsetSeconds: -13 * 3600) == "23:00:00.000")
  }

  @Test func rfc3339MatchesFoundationOverManyInstants() {
    var generator = SystemRandomNumberGenerator()
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    var instants: [Int64] = [0, -1, 951_782_400_000, 4_102_444_800_000, 1_709_164_800_123]
    for _ in 0..<5000 {
      instants.append(Int64.random(in: -2_000_000_000_000...8_000_000_000_000, using: &generator))
    }
    for milliseconds in instants {
      // Half a millisecond in, so Foundation's truncation of the binary fraction lands on it.
      let date = Date(timeIntervalSince1970: (Double(milliseconds) + 0.5) / 1000)
      let expected = style.format(date)
      #expect(
        TimeFormat.rfc3339(Timestamp(millisecondsSinceEpoch: milliseconds)) == expected,
        "\(milliseconds)")
    }
  }
}
