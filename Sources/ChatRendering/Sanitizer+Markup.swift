import ChatCore
import IRCFormattingCodes

extension Sanitizer {
  /// Text that may carry formatting (`markup`: a message's text, a topic) as a renderer
  /// without styles shows it: IRC formatting codes left out, never shown as control pictures;
  /// then sanitised. Plain text keeps every character (codes as their stand-ins). The one
  /// plain path for a message's text, a topic and whatever else comes as IRC text.
  public static func sanitize(_ text: String, markup: TextMarkup) -> String {
    switch markup {
    case .plain: sanitize(text)
    case .ircFormatting: sanitize(IRCFormatting.stripped(text))
    }
  }
}
