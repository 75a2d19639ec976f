/// Turns the last frame and the next into the bytes that change one into the other: only the
/// cells that differ, each run of them after one cursor move, styles switched only where they
/// change, the cursor hidden meanwhile and left where typing goes.
///
/// O(cells) to compare and O(changed cells) to write. Without a last frame (the first, or
/// after a resize or a return from Ctrl-Z) the screen is cleared and every cell that is not
/// blank is written.
public struct FrameWriter {
  private let strings: any TerminalStrings

  /// Creates a writer using `strings`.
  public init(strings: any TerminalStrings) {
    self.strings = strings
  }

  /// Appends to `output` what turns `old` (nil: an unknown screen) into `new`, and puts the
  /// cursor at `cursor` (row, column).
  public func frame(
    from old: ScreenGrid?, to new: ScreenGrid, cursor: (row: Int, column: Int),
    into output: inout [UInt8]
  ) {
    output += strings.hideCursor
    var previous = old
    if old == nil || old?.width != new.width || old?.height != new.height {
      output += strings.clearScreen
      previous = ScreenGrid(width: new.width, height: new.height)
    }
    var style = CellStyle.plain
    output += strings.style(style)
    // Where the terminal's cursor is, when known: after the last column it is not.
    var at: (row: Int, column: Int)? = nil
    for row in 0..<new.height {
      for column in 0..<new.width {
        let cell = new[row, column]
        guard let character = cell.character, previous?[row, column] != cell else { continue }
        if at == nil || at! != (row, column) {
          output += strings.moveCursor(row: row, column: column)
        }
        if cell.style != style {
          style = cell.style
          output += strings.style(style)
        }
        output.append(contentsOf: String(character).utf8)
        let next =
          column + (column + 1 < new.width && new[row, column + 1].character == nil ? 2 : 1)
        at = next < new.width ? (row, next) : nil
      }
    }
    if style != .plain { output += strings.style(.plain) }
    output += strings.moveCursor(
      row: min(max(0, cursor.row), new.height - 1),
      column: min(max(0, cursor.column), new.width - 1))
    output += strings.showCursor
  }
}
