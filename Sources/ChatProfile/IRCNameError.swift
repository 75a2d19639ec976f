import ChatRendering

/// Why a nick or channel name cannot be used.
public enum IRCNameError: Error, Equatable, CustomStringConvertible {
  /// A channel name that is only its prefix.
  case bareChannelPrefix(String)
  /// A channel name longer than chat accepts.
  case channelTooLong(String, limit: Int)
  /// An empty channel name (as in `#a,,#b`).
  case emptyChannel
  /// An empty nick.
  case emptyNick
  /// A channel name holding a character no server allows.
  case invalidChannel(String, character: Unicode.Scalar)
  /// A nick holding a character nicks cannot hold.
  case invalidNick(String, character: Unicode.Scalar)
  /// A nick starting with a digit, a hyphen or another character a nick cannot start with.
  case invalidNickStart(String, character: Unicode.Scalar)
  /// A nick too long to be sent in an IRC line at all.
  case nickTooLong(length: Int, limit: Int)

  public var description: String {
    switch self {
    case .bareChannelPrefix(let name):
      "'\(Sanitizer.sanitize(name))' is only a channel prefix: give a name after it"
    case .channelTooLong(let name, let limit):
      "channel '\(Sanitizer.sanitize(name))' is longer than \(limit) bytes"
    case .emptyChannel:
      "an empty channel name"
    case .emptyNick:
      "an empty nick"
    case .invalidChannel(let name, let character):
      "channel '\(Sanitizer.sanitize(name))' contains \(Self.spell(character)), which a"
        + " channel name cannot hold"
    case .invalidNick(let name, let character):
      "nick '\(Sanitizer.sanitize(name))' contains \(Self.spell(character)): a nick holds"
        + " letters, digits and [ ] \\ ` _ ^ { | } -"
    case .nickTooLong(let length, let limit):
      "a nick of \(length) characters cannot be sent: an IRC line holds one of at most"
        + " \(limit) (servers take 30 or fewer, and chat cuts a nick they refuse as too long)"
    case .invalidNickStart(let name, let character):
      "nick '\(Sanitizer.sanitize(name))' starts with \(Self.spell(character)): a nick starts"
        + " with a letter or one of [ ] \\ ` _ ^ { | }"
    }
  }

  /// A character as an error message names it: visible ones quoted, the rest by code point.
  public static func spell(_ scalar: Unicode.Scalar) -> String {
    if scalar == " " { return "a space" }
    if scalar == "," { return "a comma" }
    let text = String(scalar)
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return Sanitizer.sanitize(text) == text && !scalar.properties.isWhitespace
      ? "'\(text)'" : "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
