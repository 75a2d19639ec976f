import ChatCore

/// The IRCv3 `server-time` tag: `2026-12-01T09:12:28.923Z`.
enum IRCServerTime {
  /// The instant in `text` (RFC 3339, UTC `Z` or an offset, any number of fraction digits,
  /// read to the millisecond), or nil when it is not one.
  static func parse(_ text: String) -> Timestamp? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.count <= 40 else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        guard (0x30...0x39).contains(bytes[index]) else { return nil }
        value = value * 10 + Int64(bytes[index] - 0x30)
      }
      return value
    }
    guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var index = 19
    var milliseconds: Int64 = 0
    if bytes[index] == UInt8(ascii: ".") {
      index += 1
      let start = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        if index - start < 3 { milliseconds = milliseconds * 10 + Int64(bytes[index] - 0x30) }
        index += 1
      }
      guard index > start else { return nil }
      for _ in min(index - start, 3)..<3 { milliseconds *= 10 }
    }
    guard index < bytes.count else { return nil }
    var offsetMinutes: Int64 = 0
    switch bytes[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      guard index + 1 == bytes.count else { return nil }
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
        let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6)
      else { return nil }
      offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
    default: return nil
    }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
    return Timestamp(millisecondsSinceEpoch: seconds * 1000 + milliseconds)
  }

  /// `time` as the tag writes it, in UTC to the millisecond: `2026-12-01T09:12:28.923Z`.
  static func text(_ time: Timestamp) -> String {
    let milliseconds = time.millisecondsSinceEpoch
    // Floored divisions: before 1970 the day and the second still count forward.
    let seconds = floored(milliseconds, 1000)
    let days = floored(seconds, 86_400)
    let (millisecond, second) = (milliseconds - seconds * 1000, seconds - days * 86_400)
    let (year, month, date) = civil(daysSinceEpoch: days)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let fraction = String(String(millisecond + 1000).dropFirst())
    return "\(year)-\(two(month))-\(two(date))T\(two(second / 3600)):\(two(second / 60 % 60))"
      + ":\(two(second % 60)).\(fraction)Z"
  }

  private static func floored(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : (value - divisor + 1) / divisor
  }

  /// The date `days` after 1970-01-01 in the proleptic Gregorian calendar.
  private static func civil(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let date = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, date)
  }

  /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar.
  private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
