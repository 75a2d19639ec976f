import LineRenderer

/// The screen as cells, row by row: what a frame draws, and what the next frame is compared
/// with (`FrameWriter`).
///
/// Text is placed by display width (`DisplayWidth`, as line mode wraps): a wide character takes
/// its cell and the next (marked as covered), and is never split across the edge of a region;
/// a character of no width on its own (a stray combining mark) is left out. Writing over half
/// of a wide character blanks its other half, so the grid never holds half a character.
public struct ScreenGrid: Equatable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// Row by row; `FrameWriter` reads them in place.
  private(set) var cells: [Cell]

  /// Creates a grid of blank cells; sizes below 1 count as 1.
  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at `row`, `column`.
  public subscript(row: Int, column: Int) -> Cell {
    cells[row * width + column]
  }

  /// Writes `text` from `column` of `row`, stopping before `limit` (exclusive, at most the
  /// width); returns the column after the last character written.
  @discardableResult
  public mutating func write(
    _ text: String, row: Int, column: Int, limit: Int? = nil, style: CellStyle = .plain
  ) -> Int {
    guard row >= 0, row < height else { return column }
    let end = min(limit ?? width, width)
    var column = max(0, column)
    for character in text {
      let columns = DisplayWidth.of(character)
      guard columns > 0 else { continue }
      guard column + columns <= end else { break }
      set(Cell(character, style: style), row: row, column: column)
      if columns == 2 { set(Cell(nil, style: style), row: row, column: column + 1) }
      column += columns
    }
    return column
  }

  /// Fills columns `from..<to` of `row` with `character` (one column wide) in `style`.
  public mutating func fill(
    row: Int, from start: Int, to end: Int, with character: Character = " ",
    style: CellStyle = .plain
  ) {
    guard row >= 0, row < height else { return }
    for column in max(0, start)..<max(max(0, start), min(end, width)) {
      set(Cell(character, style: style), row: row, column: column)
    }
  }

  /// The screen as text: one line per row, trailing blanks trimmed, each ending in a newline.
  public var text: String {
    var lines = ""
    for row in 0..<height {
      var line = ""
      for column in 0..<width {
        if let character = self[row, column].character { line.append(character) }
      }
      while line.last == " " { line.removeLast() }
      lines += line + "\n"
    }
    return lines
  }

  /// Puts `cell` in place, blanking the other half of any wide character it cuts in two.
  private mutating func set(_ cell: Cell, row: Int, column: Int) {
    let index = row * width + column
    let old = cells[index]
    if old.character == nil, cell.character != nil, column > 0 {
      cells[index - 1] = Cell(" ", style: cells[index - 1].style)  // Its left half goes.
    }
    if let character = old.character, DisplayWidth.of(character) == 2, column + 1 < width,
      cell.character.map({ DisplayWidth.of($0) }) != 2
    {
      cells[index + 1] = Cell(" ", style: old.style)  // Its right half goes.
    }
    cells[index] = cell
  }
}
