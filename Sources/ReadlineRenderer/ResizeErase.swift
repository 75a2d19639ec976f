import Glibc

/// Where the prompt starts after the window changed width, so its rows can be erased and drawn
/// again without touching the transcript above.
///
/// Readline's own redraw after SIGWINCH moves up as many rows as the input took at the old
/// width. But a terminal that reflows (tmux, VTE, kitty, iTerm2, …) lays the same text out at
/// the new width at once: after narrowing, the input takes more rows and the old prompt row
/// stayed behind; after widening, fewer, and readline erased rows of the transcript. A
/// terminal that does not reflow (xterm, the Linux console) keeps each row where it was.
///
/// So the rows above the cursor are counted both ways: as readline laid the input out at the
/// old width, and as a reflowing terminal lays it out at the new one. Where the terminal says
/// it reflows, the second count is exact; elsewhere the smaller of the two, which is never above
/// the prompt whichever the terminal does, at worst leaves rows of the old input behind.
enum ResizeErase {
  /// Variables that terminals known to reflow set for the programs they run.
  static let reflowingTerminalVariables = [
    "TMUX", "VTE_VERSION", "KITTY_WINDOW_ID", "ALACRITTY_WINDOW_ID", "WEZTERM_PANE", "WT_SESSION",
  ]
  /// `TERM_PROGRAM` values of terminals known to reflow.
  static let reflowingTerminalPrograms = ["iTerm.app", "Apple_Terminal", "WezTerm", "ghostty"]

  /// Whether the terminal chat runs in says it reflows. GNU screen (`STY`), which does not,
  /// wins over a terminal around it.
  static func terminalReflows(environment: [String: String]) -> Bool {
    guard environment["STY"] == nil else { return false }
    if reflowingTerminalVariables.contains(where: { environment[$0] != nil }) { return true }
    return environment["TERM_PROGRAM"].map(reflowingTerminalPrograms.contains) ?? false
  }

  /// The variables `terminalReflows` reads, from this process's environment.
  static func environment() -> [String: String] {
    var values: [String: String] = [:]
    for name in reflowingTerminalVariables + ["STY", "TERM_PROGRAM"] {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }

  /// Rows from the cursor up to the prompt's first row after the width went from `oldColumns`
  /// to `newColumns`, with `shownBeforeCursor` the input as shown up to the cursor.
  static func rowsAboveCursor(
    promptColumns: Int, shownBeforeCursor: String, oldColumns: Int, newColumns: Int,
    terminalReflows: Bool
  ) -> Int {
    let scalars = shownBeforeCursor.unicodeScalars
    let reflowed = InputGeometry.cursor(
      promptColumns: promptColumns, line: scalars, screenColumns: newColumns
    ).row
    if terminalReflows { return reflowed }
    let kept = InputGeometry.cursor(
      promptColumns: promptColumns, line: scalars, screenColumns: oldColumns
    ).row
    return min(kept, reflowed)
  }
}
