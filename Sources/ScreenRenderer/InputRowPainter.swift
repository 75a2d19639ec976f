import LineRenderer

/// Draws the input row (the grid's last): the prompt, then as much of the typed text as fits,
/// scrolled sideways by whole widths so the cursor always shows. Apart from the rest of the
/// screen, so a key's echo redraws this row alone.
public enum InputRowPainter {
  /// Paints `input` after `prompt` on the last row of `grid`; returns where the cursor goes.
  public static func paint(
    _ input: InputRow, prompt: String, into grid: inout ScreenGrid
  ) -> (row: Int, column: Int) {
    let row = grid.height - 1
    grid.fill(row: row, from: 0, to: grid.width)
    let promptEnd = grid.write(prompt, row: row, column: 0, limit: max(1, grid.width / 2))
    let room = max(1, grid.width - promptEnd - 1)
    let skip = (input.cursor / room) * room
    var column = promptEnd
    var seen = 0
    for character in input.text {
      let columns = DisplayWidth.of(character)
      defer { seen += columns }
      guard seen >= skip else { continue }
      let next = grid.write(String(character), row: row, column: column)
      if next == column, columns > 0 { break }
      column = next
    }
    return (row, min(grid.width - 1, promptEnd + input.cursor - skip))
  }
}
