import ChatCore
import ChatRendering

/// The plain-text transcript: one line per message that enters the conversation.
///
///     12:00:00.100 PersonA: hello
///     12:00:00.300 Person B: 0B3F8E3A-…
///
/// Time of day with milliseconds (UTC shifted by `utcOffsetSeconds`), sender, text. Names and
/// text pass through `Sanitizer`, so a record is always exactly one line and holds no raw
/// control character. Failed deliveries get a line of their own, marked `!`, and so do changes
/// of the connection after the first, marked `*` (`12:00:01.400 * disconnected`).
public struct LogFormatter: TranscriptFormatter {
  private let utcOffsetSeconds: Int64
  private var news = StatusNews()

  /// Creates a formatter; virtual-time runs keep the offset at zero so output is reproducible.
  public init(utcOffsetSeconds: Int64 = 0) {
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  public mutating func formatStart(_ state: AppState, into output: inout [UInt8]) {}

  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {
    if let status = changes.status, let words = news.words(for: status),
      let time = state.sessionStatusTime
    {
      TimeFormat.appendTimeOfDay(time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
      output.append(utf8: " * " + words + "\n")
    }
    for message in changes.entered(in: state) {
      TimeFormat.appendTimeOfDay(message.time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
      output.append(UInt8(ascii: " "))
      output.append(utf8: Sanitizer.sanitize(message.sender))
      output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
      output.append(utf8: Sanitizer.sanitize(message.text))
      output.append(UInt8(ascii: "\n"))
    }
    for message in changes.failed(in: state) {
      TimeFormat.appendTimeOfDay(message.time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
      output.append(utf8: " ! not delivered: ")
      output.append(utf8: Sanitizer.sanitize(message.text))
      output.append(UInt8(ascii: "\n"))
    }
  }

  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {}
}
