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
    let previous: ScreenGrid
    if let old, old.width == new.width, old.height == new.height {
      previous = old
    } else {
      output += strings.clearScreen
      previous = ScreenGrid(width: new.width, height: new.height)
    }
    var style = CellStyle.plain
    output += strings.style(style)
    // Where the terminal's cursor is, when known: after the last column it is not.
    var at: (row: Int, column: Int)? = nil
    let width = new.width
    // The cells compared in place: a copy of each (its character's storage retained and
    // released) was most of a frame's cost.
    new.cells.withUnsafeBufferPointer { cells in
      previous.cells.withUnsafeBufferPointer { before in
        for index in 0..<cells.count where cells[index] != before[index] {
          guard let character = cells[index].character else { continue }
          let (row, column) = index.quotientAndRemainder(dividingBy: width)
          if at == nil || at! != (row, column) {
            output += strings.moveCursor(row: row, column: column)
          }
          if cells[index].style != style {
            style = cells[index].style
            output += strings.style(style)
          }
          output.append(contentsOf: String(character).utf8)
          let next =
            column + (column + 1 < width && cells[index + 1].character == nil ? 2 : 1)
          at = next < width ? (row, next) : nil
        }
      }
    }
    if style != .plain { output += strings.style(.plain) }
    output += strings.moveCursor(
      row: min(max(0, cursor.row), new.height - 1),
      column: min(max(0, cursor.column), new.width - 1))
    output += strings.showCursor
  }
}
