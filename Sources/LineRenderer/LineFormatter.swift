import ChatCore
import ChatRendering
import IRCFormattingCodes

/// What line mode prints above the prompt: the title, then one line per message.
///
///     Conversation
///     12:00:00 > PersonA: hello
///     12:00:00 < Person B: 0B3F8E3A-0E9C-4B56-9B0A-5C1E2D3F4A5B
///     12:00:01 ! not delivered: hello again
///
/// The time of day is `HH:MM:SS` (people read it; the log and JSON lines keep milliseconds),
/// UTC shifted by `utcOffsetSeconds`. `>` marks the local user's own messages
/// (`Message.isLocal`, set by the core), `<` everyone else's, so the two read apart without colour.
/// An action (`/me waves`) prints as `12:00:00 * PersonA waves`. History (earlier messages
/// fetched from the server, `Message.isHistory`) is marked `|` before the arrow, with its own
/// times: `09:58:02 | < bob: earlier`, a block that stands apart. A message that mentions you
/// (`Message.isMention`) shows its sender in bold reverse video when colour is on. Text that
/// carries IRC formatting codes (`Message.markup`) shows them as bold, italic, underline,
/// strikethrough, reverse and colours with colour on, and without them otherwise.
/// Notices (`/help`, unknown commands) print as `NoticeFormatter` words them. Every name and
/// text passes through `Sanitizer`, so nothing received can move the cursor or change modes.
///
/// With `color`, times and notices are dim, the title bold, failures red, and each sender's
/// name has a stable colour (`ANSIStyle.color(forSender:)`). With a `width`, lines are
/// hard-wrapped at that many display columns: the output is then exactly the text a terminal
/// of that width shows (without colour), which is what snapshot tests compare:
///
///     StreamRenderer(LineFormatter(width: 40, color: false, utcOffsetSeconds: 0), sink: sink)
///
/// When more than one conversation is open, every line names its conversation after the
/// time, in the conversation's colour (`ANSIStyle.color(forConversation:)`); with one open the
/// lines are exactly as above. Conversation events are lines of their own, marked `--` as
/// irssi marks its `-!-` lines, and always name their conversation:
///
///     12:00:00 [#room] -- you joined
///     12:00:00 [#room] > PersonA: hello room
///     12:00:01 [Carol] < Carol: hi
///
/// Each message costs O(its length): nothing depends on how long the conversation is or how
/// many are open.
public struct LineFormatter: TranscriptFormatter {
  /// The terminal width to wrap at, in columns; nil leaves wrapping to the terminal.
  public let width: Int?
  /// Whether to add ANSI colour.
  public let color: Bool
  /// Added to UTC to give the local time of day shown.
  public let utcOffsetSeconds: Int64
  private var clock: [UInt8] = []
  private var news = StatusNews()

  /// Creates a formatter; `width` (at least 1 when given) hard-wraps at that many columns.
  public init(width: Int? = nil, color: Bool = false, utcOffsetSeconds: Int64 = 0) {
    self.width = width.map { max(1, $0) }
    self.color = color
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  public mutating func formatStart(_ state: AppState, into output: inout [UInt8]) {
    var row = RowWriter(width: width, color: color)
    row.append(Sanitizer.sanitize(state.title), style: .bold, to: &output)
    row.endLine(to: &output)
  }

  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {
    if let status = changes.status, let words = news.words(for: status),
      let since = state.sessionStatusTime
    {
      var row = RowWriter(width: width, color: color)
      row.append(time(of: since) + " * " + words, style: .dim, to: &output)
      row.endLine(to: &output)
    }
    for event in EventText.shown(changes, in: state) {
      var row = RowWriter(width: width, color: color)
      row.append(time(of: event.time), style: .dim, to: &output)
      appendLabel(event.conversation, to: &row, &output)
      if let topic = EventText.topic(of: event) {
        // A topic reads as a message's text does: its formatting as styles, or left out.
        row.append(" -- " + topic.lead, style: .dim, to: &output)
        appendText(topic.text, markup: state.textMarkup, to: &row, &output)
      } else {
        row.append(
          " -- " + EventText.words(for: event, rules: state.nameRules, markup: state.textMarkup),
          style: .dim, to: &output)
      }
      row.endLine(to: &output)
    }
    for message in changes.entered(in: state) {
      let isOwn = message.isLocal
      var row = RowWriter(width: width, color: color)
      row.append(time(of: message.time), style: .dim, to: &output)
      if EventText.namesConversation(message.conversation, in: state) {
        appendLabel(message.conversation, to: &row, &output)
      }
      // An action reads as irssi shows it, `* Bob waves`, and a notice `-Bob- psst`; a
      // mention's sender stands out.
      let senderStyle =
        message.isMention && !isOwn ? .highlight : ANSIStyle.color(forSender: message.sender)
      // History (earlier messages fetched from the server) is marked `|`, and dim.
      if message.isHistory { row.append(" |", style: .dim, to: &output) }
      row.append(
        message.isAction ? " * " : message.isNotice ? " -" : isOwn ? " > " : " < ", to: &output)
      row.append(SenderText.shown(message), style: senderStyle, to: &output)
      row.append(message.isAction ? " " : message.isNotice ? "- " : ": ", to: &output)
      if message.isReply {
        row.append(ReferenceText.replyLead(of: message), style: .dim, to: &output)
      }
      appendLines(message.text, markup: message.markup, to: &row, &output)
      row.endLine(to: &output)
    }
    for failure in changes.failed(in: state) {
      let message = failure.message
      var row = RowWriter(width: width, color: color)
      row.append(time(of: message.time), style: .dim, to: &output)
      if EventText.namesConversation(message.conversation, in: state) {
        appendLabel(message.conversation, to: &row, &output)
      }
      row.append(" ! not delivered: ", style: .red, to: &output)
      appendLines(message.text, markup: message.markup, to: &row, &output)
      row.endLine(to: &output)
    }
  }

  public mutating func format(_ notice: Notice, in state: AppState, into output: inout [UInt8]) {
    if case .session(let said, let when) = notice {
      // What the session said is timed, as the log shows it: `12:00:01 -!- disconnected: …`.
      var row = RowWriter(width: width, color: color)
      row.append(
        time(of: when) + " -!- " + Sanitizer.sanitize(said.description), style: .dim,
        to: &output)
      row.endLine(to: &output)
      return
    }
    if case .topic(let name, .some(let topic)) = notice {
      // `/topic`: the topic reads as a message's text does, as the topic line of a join.
      var row = RowWriter(width: width, color: color)
      row.append(NoticeFormatter.topicLead(name), style: .dim, to: &output)
      appendText(topic, markup: state.textMarkup, to: &row, &output)
      row.endLine(to: &output)
      return
    }
    // The notice text is already sanitised; it ends in a newline, so the last piece is empty.
    for line in NoticeFormatter.text(of: notice, markup: state.textMarkup).split(separator: "\n") {
      var row = RowWriter(width: width, color: color)
      row.append(String(line), style: .dim, to: &output)
      row.endLine(to: &output)
    }
  }

  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {}

  /// What starts each line after the first of a message of several lines: as wide as the
  /// time (`12:00:00 `), as the full screen indents them.
  static let continuation = "         "

  /// A message's text: `appendText`, except that a message of several lines (IRC's
  /// `draft/multiline`) has each line after the first on a row of its own, indented
  /// (`continuation`), each sanitised: the lines stand together under their sender.
  private func appendLines(
    _ text: String, markup: TextMarkup, to row: inout RowWriter, _ output: inout [UInt8]
  ) {
    guard text.utf8.contains(0x0A) else {
      return appendText(text, markup: markup, to: &row, &output)
    }
    for (index, line) in text.messageLines
      .enumerated()
    {
      if index > 0 {
        row.endLine(to: &output)
        if !line.isEmpty { row.append(Self.continuation, to: &output) }  // No blanks trailing.
      }
      appendText(String(line), markup: markup, to: &row, &output)
    }
  }

  /// A message's text (or a topic, which reads the same), sanitised. IRC formatting codes
  /// become terminal styles with colour and are left out without: never shown as control
  /// pictures, never written raw.
  private func appendText(
    _ text: String, markup: TextMarkup, to row: inout RowWriter, _ output: inout [UInt8]
  ) {
    switch markup {
    case .ircFormatting where color:
      for run in IRCFormatting.runs(text) {
        row.append(Sanitizer.sanitize(run.text), sgr: run.style.sgr, to: &output)
      }
    case .plain, .ircFormatting:
      row.append(Sanitizer.sanitize(text, markup: markup), to: &output)
    }
  }

  /// ` [#room]`, the name sanitised and in its conversation's colour.
  private func appendLabel(
    _ name: ConversationName, to row: inout RowWriter, _ output: inout [UInt8]
  ) {
    row.append(" [", to: &output)
    row.append(
      Sanitizer.sanitize(name.text), style: ANSIStyle.color(forConversation: name), to: &output)
    row.append("]", to: &output)
  }

  /// `HH:MM:SS`: the shared formatter's `HH:MM:SS.mmm` without the milliseconds.
  private mutating func time(of instant: Timestamp) -> String {
    clock.removeAll(keepingCapacity: true)
    TimeFormat.appendTimeOfDay(instant, utcOffsetSeconds: utcOffsetSeconds, to: &clock)
    return String(decoding: clock.prefix(8), as: UTF8.self)
  }
}
