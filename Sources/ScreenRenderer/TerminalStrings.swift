/// The control sequences a frame is drawn with: what a terminal's terminfo entry says, or the
/// ANSI sequences every terminal chat supports (`ANSITerminalStrings`, which tests read).
public protocol TerminalStrings {
  /// Moves the cursor to `row`, `column` (from 0).
  func moveCursor(row: Int, column: Int) -> [UInt8]
  /// Turns every attribute off, then on those of `style`.
  func style(_ style: CellStyle) -> [UInt8]
  /// Clears the whole screen.
  var clearScreen: [UInt8] { get }
  /// Hides the cursor while a frame is drawn.
  var hideCursor: [UInt8] { get }
  /// Shows it again.
  var showCursor: [UInt8] { get }
}

/// The ANSI (ECMA-48) sequences: the default, and what the pseudo-terminal test's screen model
/// reads.
public struct ANSITerminalStrings: TerminalStrings {
  /// Creates the ANSI strings.
  public init() {}

  public func moveCursor(row: Int, column: Int) -> [UInt8] {
    Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
  }

  public func style(_ style: CellStyle) -> [UInt8] {
    Array(("\u{1B}[" + Self.parameters(style) + "m").utf8)
  }

  public var clearScreen: [UInt8] { Array("\u{1B}[H\u{1B}[2J".utf8) }
  public var hideCursor: [UInt8] { Array("\u{1B}[?25l".utf8) }
  public var showCursor: [UInt8] { Array("\u{1B}[?25h".utf8) }

  /// `0;1;2;…`: a reset, then each attribute of `style`.
  static func parameters(_ style: CellStyle) -> String {
    var parameters = "0"
    if style.bold { parameters += ";1" }
    if style.dim { parameters += ";2" }
    if style.italic { parameters += ";3" }
    if style.underline { parameters += ";4" }
    if style.reverse { parameters += ";7" }
    if let color = style.foreground {
      parameters += color < 8 ? ";3\(color)" : ";9\(color - 8)"
    }
    return parameters
  }
}
