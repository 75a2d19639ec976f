import ChatCore
import ChatRendering

/// The plain-text transcript: one line per message that enters the conversation.
///
///     12:00:00.100 PersonA: hello
///     12:00:00.300 Person B: 0B3F8E3A-…
///
/// Time of day with milliseconds (UTC shifted by `utcOffsetSeconds`), sender, text; an action
/// is `12:00:00.100 * PersonA waves`, and IRC formatting codes are left out. Names and
/// text pass through `Sanitizer`, so a record holds no raw control character and is one line,
/// except a message of several lines (IRC's `draft/multiline`): its lines after the first
/// follow on lines of their own, indented as wide as the time, so every record still starts
/// with its time and no other line does. Failed deliveries get a line of their own, marked
/// `!`, and so do changes of the connection after the first, marked `*`
/// (`12:00:01.400 * disconnected`).
///
/// Conversations follow line mode's rule: with more than one open, each line names its
/// conversation after the time (`12:00:00.200 [#room] PersonA: hello`), and conversation events
/// are lines marked `--` (`12:00:00.000 [#room] -- you joined`); with one open the lines are as
/// above. What the session tells the user (a nick fallback, a split message, why the link
/// went down) is a line marked `-!-`: `12:00:01.400 -!- disconnected: ping timeout`.
public struct LogFormatter: TranscriptFormatter {
  private let utcOffsetSeconds: Int64
  private let names: Bool
  private var news = StatusNews()

  /// Creates a formatter; virtual-time runs keep the offset at zero so output is reproducible.
  /// With `namesConversations` false (one file per conversation, `--log-dir`) no line names
  /// its conversation: the file does.
  public init(utcOffsetSeconds: Int64 = 0, namesConversations: Bool = true) {
    self.utcOffsetSeconds = utcOffsetSeconds
    self.names = namesConversations
  }

  public mutating func formatStart(_ state: AppState, into output: inout [UInt8]) {}

  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {
    if let status = changes.status, let words = news.words(for: status),
      let time = state.sessionStatusTime
    {
      TimeFormat.appendTimeOfDay(time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
      output.append(utf8: " * " + words + "\n")
    }
    for event in EventText.shown(changes, in: state) {
      TimeFormat.appendTimeOfDay(event.time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
      if names { appendLabel(event.conversation, to: &output) }
      output.append(
        utf8: " -- " + EventText.words(for: event, rules: state.nameRules, markup: state.textMarkup)
          + "\n")
    }
    for message in changes.entered(in: state) {
      TimeFormat.appendTimeOfDay(message.time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
      if names, EventText.namesConversation(message.conversation, in: state) {
        appendLabel(message.conversation, to: &output)
      }
      LogMessageText.append(message, to: &output)
      output.append(UInt8(ascii: "\n"))
    }
    for failure in changes.failed(in: state) {
      let message = failure.message
      TimeFormat.appendTimeOfDay(message.time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
      if names, EventText.namesConversation(message.conversation, in: state) {
        appendLabel(message.conversation, to: &output)
      }
      output.append(utf8: " ! not delivered: ")
      LogMessageText.appendText(of: message, to: &output)
      output.append(UInt8(ascii: "\n"))
    }
  }

  /// What the session said (`-!-`, as irssi marks its own notices); the user's own notices
  /// (`/help`, unknown commands) are the terminal's business, not the log's.
  public mutating func format(_ notice: Notice, in state: AppState, into output: inout [UInt8]) {
    guard case .session(let said, let time) = notice else { return }
    TimeFormat.appendTimeOfDay(time, utcOffsetSeconds: utcOffsetSeconds, to: &output)
    output.append(utf8: " -!- " + Sanitizer.sanitize(said.description) + "\n")
  }

  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {}

  /// ` [#room]`, the name sanitised.
  private func appendLabel(_ name: ConversationName, to output: inout [UInt8]) {
    // Piece by piece: a concatenated string would allocate on every line.
    output.append(literal: " [")
    output.append(utf8: Sanitizer.sanitize(name.text))
    output.append(UInt8(ascii: "]"))
  }
}
