@preconcurrency import CReadline
import LineRenderer

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

extension InputGeometry {
  /// Where readline puts the cursor after the prompt and `line` at `screenColumns` wide: the
  /// row (0 is the prompt's) and the column.
  ///
  /// Readline lays out code point by code point with `wcwidth` (so in the process's locale,
  /// UTF-8 in line mode): a wide character that does not fit at a row's end moves to the next
  /// row, a row filled to its last column puts the cursor on the next, a tab runs to the next
  /// multiple of 8 on its row, a control character takes 2 columns (`^X`) and a newline (a
  /// pasted one) starts a row.
  static func cursor(
    promptColumns: Int, line: String.UnicodeScalarView, screenColumns: Int
  ) -> (row: Int, column: Int) {
    let width = max(1, screenColumns)
    var row = promptColumns / width
    var column = promptColumns % width
    func advance(_ columns: Int) {
      for _ in 0..<columns {
        column += 1
        if column >= width {
          row += 1
          column = 0
        }
      }
    }
    for scalar in line {
      switch scalar.value {
      case 0x0A:
        row += 1
        column = 0
      case 0x09:
        let tab = 8 - column % 8
        if column + tab >= width {
          row += 1
          column = column + tab - width
        } else {
          column += tab
        }
      case 0x00...0x1F, 0x7F: advance(2)
      default:
        let columns = Int(chat_wcwidth(scalar.value))
        let taken = columns < 0 ? 1 : columns
        if column + taken > width {
          row += 1
          column = 0
        }
        advance(taken)
      }
    }
    return (row, column)
  }
}
