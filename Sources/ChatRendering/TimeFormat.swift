import ChatCore

/// Fast, allocation-free formatting of timestamps as text.
///
/// Written by hand because it runs for every message; the tests compare it with Foundation's
/// `ISO8601FormatStyle` over many instants.
public enum TimeFormat {
  /// Appends `HH:MM:SS.mmm`, the time of day shifted by `utcOffsetSeconds`.
  public static func appendTimeOfDay(
    _ time: Timestamp, utcOffsetSeconds: Int64 = 0, to output: inout [UInt8]
  ) {
    let shifted = time.millisecondsSinceEpoch + utcOffsetSeconds * 1000
    let dayMilliseconds = floorModulo(shifted, 86_400_000)
    appendClock(dayMilliseconds, to: &output)
  }

  /// Appends RFC 3339 UTC with milliseconds: `2025-01-01T12:00:00.100Z`.
  public static func appendRFC3339(_ time: Timestamp, to output: inout [UInt8]) {
    let milliseconds = time.millisecondsSinceEpoch
    let days = floorDivide(milliseconds, 86_400_000)
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    appendDigits(year, count: 4, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDigits(month, count: 2, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDigits(day, count: 2, to: &output)
    output.append(UInt8(ascii: "T"))
    appendClock(milliseconds - days * 86_400_000, to: &output)
    output.append(UInt8(ascii: "Z"))
  }

  /// `time` as `HH:MM:SS.mmm`.
  public static func timeOfDay(_ time: Timestamp, utcOffsetSeconds: Int64 = 0) -> String {
    var bytes: [UInt8] = []
    appendTimeOfDay(time, utcOffsetSeconds: utcOffsetSeconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `time` as RFC 3339 UTC with milliseconds.
  public static func rfc3339(_ time: Timestamp) -> String {
    var bytes: [UInt8] = []
    appendRFC3339(time, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendClock(_ dayMilliseconds: Int64, to output: inout [UInt8]) {
    let seconds = dayMilliseconds / 1000
    appendDigits(seconds / 3600, count: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDigits(seconds / 60 % 60, count: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDigits(seconds % 60, count: 2, to: &output)
    output.append(UInt8(ascii: "."))
    appendDigits(dayMilliseconds % 1000, count: 3, to: &output)
  }

  private static func appendDigits(_ value: Int64, count: Int, to output: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Year, month, day of the proleptic Gregorian calendar (Howard Hinnant's days-to-civil).
  static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : (a - b + 1) / b
  }

  private static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
    a - floorDivide(a, b) * b
  }
}
