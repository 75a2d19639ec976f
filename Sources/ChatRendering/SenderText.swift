import ChatCore

/// How the human-readable renderers (line mode, the log, the screen) name a message's sender:
/// sanitised, and marked `[bot]` when the server tagged them as a bot (IRC's `bot` tag).
public enum SenderText {
  /// What follows the name of a sender the server marked as a bot.
  public static let botMark = " [bot]"

  /// The sender of `message` as shown.
  @inline(__always)
  public static func shown(_ message: Message) -> String {
    let name = Sanitizer.sanitize(message.sender)
    return message.isBot ? name + botMark : name
  }
}
