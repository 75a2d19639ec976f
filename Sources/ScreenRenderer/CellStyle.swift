import LineRenderer

/// How one cell of the screen looks: a few attributes and, with colour on, a colour from the
/// terminal's first 16.
public struct CellStyle: Hashable, Sendable {
  /// The foreground colour, 0–15 (the ANSI colours and their bright forms); nil: the default.
  public var foreground: UInt8?
  /// Bold.
  public var bold = false
  /// Dim (faint).
  public var dim = false
  /// Italic.
  public var italic = false
  /// Underlined.
  public var underline = false
  /// Reverse video.
  public var reverse = false

  /// The terminal's default look.
  public static let plain = CellStyle()
  /// Times and events.
  public static let dim = CellStyle(dim: true)
  /// The title and status rows, and the active conversation in the buffer list.
  public static let bar = CellStyle(reverse: true)
  /// A message that mentions you, and a search match.
  public static let highlight = CellStyle(bold: true, reverse: true)
  /// Failures.
  public static let red = CellStyle(foreground: 1)

  /// Creates a style.
  public init(
    foreground: UInt8? = nil, bold: Bool = false, dim: Bool = false, italic: Bool = false,
    underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.reverse = reverse
  }

  /// The style of line mode's `style`, so a sender has the same colour in both modes.
  init(_ style: ANSIStyle) {
    switch style {
    case .reset: self = .plain
    case .bold: self = CellStyle(bold: true)
    case .dim: self = .dim
    case .highlight: self = .highlight
    case .red: self = .red
    case .green: self = CellStyle(foreground: 2)
    case .yellow: self = CellStyle(foreground: 3)
    case .blue: self = CellStyle(foreground: 4)
    case .magenta: self = CellStyle(foreground: 5)
    case .cyan: self = CellStyle(foreground: 6)
    case .brightGreen: self = CellStyle(foreground: 10)
    case .brightYellow: self = CellStyle(foreground: 11)
    case .brightBlue: self = CellStyle(foreground: 12)
    case .brightMagenta: self = CellStyle(foreground: 13)
    case .brightCyan: self = CellStyle(foreground: 14)
    }
  }

  /// This style without its colour (`--no-color`, `NO_COLOR`).
  var withoutColor: CellStyle {
    var copy = self
    copy.foreground = nil
    return copy
  }
}
