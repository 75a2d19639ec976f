import ChatCore

/// Fast, allocation-free formatting of timestamps as text.
///
/// Written by hand because it runs for every message: each form is built in a small stack
/// buffer and appended in one go. The tests compare it with Foundation's `ISO8601FormatStyle`
/// over many instants.
public enum TimeFormat {
  /// Appends `HH:MM:SS.mmm`, the time of day shifted by `utcOffsetSeconds`.
  public static func appendTimeOfDay(
    _ time: Timestamp, utcOffsetSeconds: Int64 = 0, to output: inout [UInt8]
  ) {
    let shifted = time.millisecondsSinceEpoch + utcOffsetSeconds * 1000
    let dayMilliseconds = shifted - floorDivide(shifted, 86_400_000) * 86_400_000
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 12) { text in
      writeClock(dayMilliseconds, into: text, at: 0)
      output.append(contentsOf: text)
    }
  }

  /// Appends RFC 3339 UTC with milliseconds: `2025-01-01T12:00:00.100Z`.
  public static func appendRFC3339(_ time: Timestamp, to output: inout [UInt8]) {
    output.append(reserving: rfc3339Length) { writeRFC3339(time, to: &$0) }
  }

  /// The length of every RFC 3339 time written here.
  public static var rfc3339Length: Int { 24 }

  /// Writes RFC 3339 UTC with milliseconds, `rfc3339Length` bytes.
  public static func writeRFC3339(_ time: Timestamp, to writer: inout ByteWriter) {
    let milliseconds = time.millisecondsSinceEpoch
    let days = floorDivide(milliseconds, 86_400_000)
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    writer.fill(rfc3339Length) { text in
      writePair(Int(year / 100 % 100), into: text, at: 0)
      writePair(Int(year % 100), into: text, at: 2)
      text[4] = UInt8(ascii: "-")
      writePair(Int(month), into: text, at: 5)
      text[7] = UInt8(ascii: "-")
      writePair(Int(day), into: text, at: 8)
      text[10] = UInt8(ascii: "T")
      writeClock(milliseconds - days * 86_400_000, into: text, at: 11)
      text[23] = UInt8(ascii: "Z")
    }
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

  /// Writes the 12 bytes `HH:MM:SS.mmm` of a time of day given in milliseconds.
  private static func writeClock(
    _ dayMilliseconds: Int64, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) {
    let milliseconds = Int(dayMilliseconds)
    let seconds = milliseconds / 1000
    writePair(seconds / 3600, into: text, at: start)
    text[start + 2] = UInt8(ascii: ":")
    writePair(seconds / 60 % 60, into: text, at: start + 3)
    text[start + 5] = UInt8(ascii: ":")
    writePair(seconds % 60, into: text, at: start + 6)
    text[start + 8] = UInt8(ascii: ".")
    let fraction = milliseconds % 1000
    text[start + 9] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100)
    writePair(fraction % 100, into: text, at: start + 10)
  }

  /// Writes two decimal digits of `value` (0–99).
  private static func writePair(
    _ value: Int, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) {
    text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
    text[start + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
  }

  /// Year, month, day of the proleptic Gregorian calendar (Howard Hinnant's days-to-civil).
  public static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
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
}
