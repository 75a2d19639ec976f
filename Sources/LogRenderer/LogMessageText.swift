import ChatCore
import ChatRendering

/// A message as a log line says it after the time: `Bob: hello`, for an action
/// `* Bob waves`, and for a notice `-Bob- psst`, as irssi logs them. Names and text are sanitised; IRC formatting codes
/// (`Message.markup`) are left out, since a log shows no styles.
enum LogMessageText {
  /// Appends the sender and text of `message`, without a newline; history (an earlier
  /// message fetched from the server) is marked ` |` before them, so its block stands apart.
  static func append(_ message: Message, to output: inout [UInt8]) {
    if message.isHistory { output.append(literal: " |") }
    if message.isAction {
      output.append(literal: " * ")
      output.append(utf8: SenderText.shown(message))
      output.append(UInt8(ascii: " "))
    } else if message.isNotice {
      output.append(literal: " -")
      output.append(utf8: SenderText.shown(message))
      output.append(literal: "- ")
    } else {
      output.append(UInt8(ascii: " "))
      output.append(utf8: SenderText.shown(message))
      output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
    }
    appendText(of: message, to: &output)
  }

  /// What starts each line after the first of a message of several lines: as wide as the
  /// time (`12:00:00.000 `), so the lines stand under the first and no line of the message
  /// starts as a record does (with a time).
  static let continuation: StaticString = "             "

  /// Appends the text of `message`, sanitised and without formatting codes; a message of
  /// several lines (IRC's `draft/multiline`) has each line after the first on a line of its
  /// own, indented (`continuation`), each sanitised.
  static func appendText(of message: Message, to output: inout [UInt8]) {
    if message.isReply { output.append(utf8: ReferenceText.replyLead(of: message)) }
    guard message.text.utf8.contains(0x0A) else {
      return output.append(utf8: Sanitizer.sanitize(message.text, markup: message.markup))
    }
    for (index, line) in message.text.messageLines
      .enumerated()
    {
      if index > 0 {
        output.append(UInt8(ascii: "\n"))
        if !line.isEmpty { output.append(literal: continuation) }  // No blanks trailing.
      }
      output.append(utf8: Sanitizer.sanitize(String(line), markup: message.markup))
    }
  }
}
