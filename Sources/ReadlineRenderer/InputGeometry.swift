/// How readline lays out the prompt and an input line on screen.
enum InputGeometry {
  /// The screen rows the prompt and `line` take at `screenColumns` wide (at least 1).
  ///
  /// Readline shows a control character as `^X` (2 columns), expands tabs to the next
  /// multiple of 8 and starts a new row at a newline (a bracketed paste of several lines);
  /// everything else takes its display width.
  static func rows(promptColumns: Int, line: String, screenColumns: Int) -> Int {
    let width = max(1, screenColumns)
    func rowsTaken(_ columns: Int) -> Int { max(1, (columns + width - 1) / width) }
    var finishedRows = 0
    var column = promptColumns
    for character in line {
      switch character.unicodeScalars.first?.value ?? 0 {
      case 0x0A:
        finishedRows += rowsTaken(column)
        column = 0
      case 0x09: column += 8 - column % 8
      case 0x00...0x1F, 0x7F: column += 2
      default: column += DisplayWidth.of(character)
      }
    }
    return finishedRows + rowsTaken(column)
  }
}
