import ChatCore
import ChatRendering

/// The lines irssi writes around a log, which `--log-dir` files carry (irssi's defaults for
/// `log_open_string`, `log_day_changed` and `log_close_string`), so that tools reading irssi
/// logs read chat's:
///
///     --- Log opened Wed Jan 01 12:00:00 2025
///     --- Day changed Thu Jan 02 2025
///     --- Log closed Thu Jan 02 09:15:42 2025
///
/// English day and month names whatever the locale, the day of the month in two digits, the
/// time without milliseconds, all shifted by the log's UTC offset as its lines are.
public enum LogMarker {
  /// The line that opens a file's log at `time`.
  public static func opened(at time: Timestamp, utcOffsetSeconds: Int64) -> String {
    "--- Log opened " + dateAndTime(time, utcOffsetSeconds) + "\n"
  }

  /// The line that says the following lines are of the day of `time`.
  public static func dayChanged(to time: Timestamp, utcOffsetSeconds: Int64) -> String {
    let (weekday, month, day, year, _) = parts(time, utcOffsetSeconds)
    return "--- Day changed \(weekday) \(month) \(day) \(year)\n"
  }

  /// The line that closes a file's log at `time`.
  public static func closed(at time: Timestamp, utcOffsetSeconds: Int64) -> String {
    "--- Log closed " + dateAndTime(time, utcOffsetSeconds) + "\n"
  }

  /// The day `time` falls on, counted from 1970-01-01, shifted by `utcOffsetSeconds`: two
  /// times are on one day exactly when this is equal.
  public static func day(of time: Timestamp, utcOffsetSeconds: Int64) -> Int64 {
    floorDivide(time.millisecondsSinceEpoch + utcOffsetSeconds * 1000, 86_400_000)
  }

  private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  private static func dateAndTime(_ time: Timestamp, _ utcOffsetSeconds: Int64) -> String {
    let (weekday, month, day, year, clock) = parts(time, utcOffsetSeconds)
    return "\(weekday) \(month) \(day) \(clock) \(year)"
  }

  /// Weekday, month, two-digit day, year and `HH:MM:SS` of `time`.
  private static func parts(_ time: Timestamp, _ utcOffsetSeconds: Int64)
    -> (String, String, String, String, String)
  {
    let days = day(of: time, utcOffsetSeconds: utcOffsetSeconds)
    let (year, month, day) = TimeFormat.civilDate(daysSinceEpoch: days)
    // 1970-01-01 was a Thursday, the first of `weekdays`.
    let weekday = weekdays[Int(days - floorDivide(days, 7) * 7)]
    let clock = TimeFormat.timeOfDay(time, utcOffsetSeconds: utcOffsetSeconds).prefix(8)
    let twoDigits = day < 10 ? "0\(day)" : "\(day)"
    return (weekday, months[Int(month) - 1], twoDigits, "\(year)", String(clock))
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : (a - b + 1) / b
  }
}
