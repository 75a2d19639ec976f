/// What formatting a message's text carries inside it, as its network writes it.
///
/// The session says so for what it receives, and the core for what the user types (see
/// `AppState.textMarkup`); renderers never guess it from the text. The text itself is kept
/// exactly as written or received either way.
public enum TextMarkup: String, Hashable, Sendable, Codable {
  /// Plain text: every character is shown (control characters as their stand-ins).
  case plain
  /// IRC formatting codes (bold `\x02`, colour `\x03`, italic `\x1D`, …): shown as styles, or
  /// left out where there are none.
  case ircFormatting
}
