/// How a stretch of IRC text looks, as its formatting codes say.
public struct IRCTextStyle: Hashable, Sendable {
  /// A colour: one of the 100 numbered ones (`\x03`), or red, green and blue (`\x04`).
  public enum Color: Hashable, Sendable {
    /// A colour number, 0 to 99 (99 is the terminal's default).
    case palette(UInt8)
    /// A hex colour, `\x04RRGGBB`.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
  }

  /// `\x02`.
  public var bold = false
  /// `\x1D`.
  public var italic = false
  /// `\x1F`.
  public var underline = false
  /// `\x1E`.
  public var strikethrough = false
  /// `\x11`.
  public var monospace = false
  /// `\x16`: foreground and background swapped.
  public var reverse = false
  /// The text colour, if one is set.
  public var foreground: Color?
  /// The background colour, if one is set.
  public var background: Color?

  /// Plain text.
  public init() {}

  /// Whether this is plain text.
  public var isPlain: Bool { self == IRCTextStyle() }
}
