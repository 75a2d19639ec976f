/// How readline lays out the prompt and an input line on screen.
enum InputGeometry {
  /// The screen rows the prompt and `line` take at `screenColumns` wide (at least 1).
  ///
  /// Readline shows a control character as `^X` (2 columns) and expands tabs to the next
  /// multiple of 8; everything else takes its display width.
  static func rows(promptColumns: Int, line: String, screenColumns: Int) -> Int {
    var column = promptColumns
    for character in line {
      switch character.unicodeScalars.first?.value ?? 0 {
      case 0x09: column += 8 - column % 8
      case 0x00...0x1F, 0x7F: column += 2
      default: column += DisplayWidth.of(character)
      }
    }
    let width = max(1, screenColumns)
    return max(1, (column + width - 1) / width)
  }
}
