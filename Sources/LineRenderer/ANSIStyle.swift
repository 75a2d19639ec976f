import ChatCore

/// The few ANSI SGR colours line mode uses, and when it uses them.
///
/// Colour only ever adds to text that already reads without it: own and peer messages differ
/// by a marker, failures by `!`.
public enum ANSIStyle: String, Sendable, CaseIterable {
  /// Turns every attribute off.
  case reset = "\u{1B}[0m"
  /// Bold, for the title.
  case bold = "\u{1B}[1m"
  /// Dim, for times, notices and the prompt's hint.
  case dim = "\u{1B}[2m"
  /// Bold reverse video, for the name on a message that mentions you.
  case highlight = "\u{1B}[1;7m"
  /// Red, for failures.
  case red = "\u{1B}[31m"
  /// Green, a sender colour.
  case green = "\u{1B}[32m"
  /// Yellow, a sender colour.
  case yellow = "\u{1B}[33m"
  /// Blue, a sender colour.
  case blue = "\u{1B}[34m"
  /// Magenta, a sender colour.
  case magenta = "\u{1B}[35m"
  /// Cyan, a sender colour.
  case cyan = "\u{1B}[36m"
  /// Bright green, a sender colour.
  case brightGreen = "\u{1B}[92m"
  /// Bright yellow, a sender colour.
  case brightYellow = "\u{1B}[93m"
  /// Bright blue, a sender colour.
  case brightBlue = "\u{1B}[94m"
  /// Bright magenta, a sender colour.
  case brightMagenta = "\u{1B}[95m"
  /// Bright cyan, a sender colour.
  case brightCyan = "\u{1B}[96m"

  /// Colours a sender can get; red stays free for failures.
  static let senderPalette: [ANSIStyle] = [
    .green, .yellow, .blue, .magenta, .cyan,
    .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan,
  ]

  /// The colour of `sender`: the same name gets the same colour in every run.
  ///
  /// FNV-1a over the name's UTF-8, because Swift's `Hasher` is seeded per process.
  public static func color(forSender sender: String) -> ANSIStyle { color(forName: sender) }

  /// The colour of the conversation `name` in line mode, by the same fixed hash as senders.
  public static func color(forConversation name: ConversationName) -> ANSIStyle {
    color(forName: name.text)
  }

  private static func color(forName name: String) -> ANSIStyle {
    var hash: UInt32 = 0x811C_9DC5
    for byte in name.utf8 {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    return senderPalette[Int(hash % UInt32(senderPalette.count))]
  }

  /// Whether to colour: not with `--no-color`, a non-empty `NO_COLOR`, or `TERM` unset or
  /// `dumb`.
  public static func isColorWanted(noColorOption: Bool, environment: [String: String]) -> Bool {
    if noColorOption { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
    return true
  }
}
