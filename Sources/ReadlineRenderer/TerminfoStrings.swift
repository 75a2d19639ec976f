import CTerminfo
import ScreenRenderer

/// The control sequences of the terminal `TERM` names, from its terminfo entry (ncurses'
/// libtinfo: `setupterm`, `tigetstr`, `tiparm`), for the full-screen mode.
///
/// Read once at start. A capability the entry lacks falls back to its ANSI sequence, and an
/// unknown `TERM` to `ANSITerminalStrings` altogether: every terminal chat runs in reads those.
/// Colours beyond the entry's `colors` are drawn as their first 8.
final class TerminfoStrings: TerminalStrings {
  private let ansi = ANSITerminalStrings()
  private let cup: String?
  private let sgr0: String?
  private let attributes: [(KeyPath<CellStyle, Bool>, String?)]
  private let setaf: String?
  private let colors: Int
  let clearScreen: [UInt8]
  let hideCursor: [UInt8]
  let showCursor: [UInt8]
  /// Enters the alternate screen (`smcup`).
  let enterAlternateScreen: [UInt8]
  /// Leaves it (`rmcup`), putting back what the shell showed.
  let leaveAlternateScreen: [UInt8]

  /// Reads the entry of `TERM`, if the terminfo database has it.
  init() {
    let found = chat_setupterm(nil) == 1
    func string(_ name: String) -> String? {
      guard found, let value = chat_tigetstr(name) else { return nil }
      return String(cString: value)
    }
    cup = string("cup")
    sgr0 = string("sgr0")
    attributes = [
      (\.bold, string("bold")), (\.dim, string("dim")), (\.italic, string("sitm")),
      (\.underline, string("smul")), (\.reverse, string("rev")),
    ]
    setaf = string("setaf")
    colors = found ? Int(chat_tigetnum("colors")) : 8
    clearScreen = string("clear").map { Array($0.utf8) } ?? ansi.clearScreen
    hideCursor = string("civis").map { Array($0.utf8) } ?? ansi.hideCursor
    showCursor = string("cnorm").map { Array($0.utf8) } ?? ansi.showCursor
    enterAlternateScreen = Array((string("smcup") ?? "\u{1B}[?1049h").utf8)
    leaveAlternateScreen = Array((string("rmcup") ?? "\u{1B}[?1049l").utf8)
  }

  func moveCursor(row: Int, column: Int) -> [UInt8] {
    guard let cup, let moved = chat_tiparm2(cup, Int32(row), Int32(column)) else {
      return ansi.moveCursor(row: row, column: column)
    }
    return Array(String(cString: moved).utf8)
  }

  func style(_ style: CellStyle) -> [UInt8] {
    guard let sgr0 else { return ansi.style(style) }
    var bytes = Array(sgr0.utf8)
    for (attribute, sequence) in attributes where style[keyPath: attribute] {
      if let sequence { bytes += Array(sequence.utf8) }
    }
    if let color = style.foreground, let setaf, colors > 0 {
      let shown = Int(color) < colors ? Int32(color) : Int32(color % 8)
      if let set = chat_tiparm1(setaf, shown) { bytes += Array(String(cString: set).utf8) }
    }
    return bytes
  }
}
