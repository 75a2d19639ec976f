/// A small model of a terminal screen: what a person would see after the bytes fed so far.
///
/// It understands what readline and chat send to an xterm-like terminal: printable text with
/// deferred autowrap, CR, LF, BS, TAB, cursor moves (CSI A B C D G H f), erasing (CSI J K X),
/// inserting and deleting characters (CSI @ P); colours, modes and OSC strings are read and
/// ignored. Every character takes one column: the tests type ASCII and receive UUIDs.
struct TerminalScreen {
  let rows: Int
  let columns: Int
  private(set) var cells: [[Character]]
  private(set) var cursorRow = 0
  private(set) var cursorColumn = 0
  private var wrapPending = false
  private var parser = Parser.ground

  private enum Parser: Equatable {
    case ground
    case escape
    case escapeIntermediate
    case csi(String)
    case osc(sawEscape: Bool)
  }

  init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen's rows as text, trailing blanks removed.
  var lines: [String] {
    cells.map { row in String(row[..<(row.lastIndex { $0 != " " }.map { $0 + 1 } ?? 0)]) }
  }

  /// The row the cursor is on, as text.
  var cursorLine: String { lines[cursorRow] }

  /// Everything on screen, one row per line.
  var text: String { lines.joined(separator: "\n") }

  mutating func feed(_ text: String) {
    for character in text { feed(character) }
  }

  private mutating func feed(_ character: Character) {
    switch parser {
    case .ground:
      ground(character)
    case .escape:
      switch character {
      case "[": parser = .csi("")
      case "]": parser = .osc(sawEscape: false)
      case "(", ")", "#", "%": parser = .escapeIntermediate
      default: parser = .ground  // ESC = / ESC > / ESC 7 ...: nothing on screen.
      }
    case .escapeIntermediate:
      parser = .ground
    case .csi(let parameters):
      if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) {
        parser = .ground
        controlSequence(parameters, final: character)
      } else {
        parser = .csi(parameters + String(character))
      }
    case .osc(let sawEscape):
      if character == "\u{07}" || (sawEscape && character == "\\") {
        parser = .ground
      } else {
        parser = .osc(sawEscape: character == "\u{1B}")
      }
    }
  }

  private mutating func ground(_ character: Character) {
    switch character {
    case "\u{1B}": parser = .escape
    case "\r", "\r\n":
      cursorColumn = 0
      wrapPending = false
      if character == "\r\n" { lineFeed() }
    case "\n": lineFeed()
    case "\u{08}":
      cursorColumn = max(0, cursorColumn - 1)
      wrapPending = false
    case "\t": cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
    case _ where character.unicodeScalars.first!.value < 0x20: break  // BEL, SI, SO ...
    default: put(character)
    }
  }

  private mutating func put(_ character: Character) {
    if wrapPending {
      wrapPending = false
      cursorColumn = 0
      lineFeed()
    }
    cells[cursorRow][cursorColumn] = character
    if cursorColumn == columns - 1 {
      wrapPending = true
    } else {
      cursorColumn += 1
    }
  }

  private mutating func lineFeed() {
    wrapPending = false
    if cursorRow == rows - 1 {
      cells.removeFirst()
      cells.append(Array(repeating: " ", count: columns))
    } else {
      cursorRow += 1
    }
  }

  private mutating func controlSequence(_ parameters: String, final: Character) {
    guard !parameters.hasPrefix("?"), !parameters.hasPrefix(">") else { return }  // Modes.
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    let first = numbers.first ?? 0
    let count = max(1, first)
    wrapPending = false
    switch final {
    case "A": cursorRow = max(0, cursorRow - count)
    case "B": cursorRow = min(rows - 1, cursorRow + count)
    case "C": cursorColumn = min(columns - 1, cursorColumn + count)
    case "D": cursorColumn = max(0, cursorColumn - count)
    case "G": cursorColumn = min(columns - 1, count - 1)
    case "H", "f":
      cursorRow = min(rows - 1, count - 1)
      cursorColumn = min(columns - 1, max(1, numbers.count > 1 ? numbers[1] : 1) - 1)
    case "K": erase(row: cursorRow, mode: first)
    case "J":
      erase(row: cursorRow, mode: first)
      let others = first == 0 ? (cursorRow + 1)..<rows : first == 1 ? 0..<cursorRow : 0..<rows
      for row in others { erase(row: row, mode: 2) }
    case "X":
      for column in cursorColumn..<min(columns, cursorColumn + count) {
        cells[cursorRow][column] = " "
      }
    case "P":
      cells[cursorRow].removeSubrange(cursorColumn..<min(columns, cursorColumn + count))
      cells[cursorRow] += Array(repeating: " ", count: columns - cells[cursorRow].count)
    case "@":
      cells[cursorRow].insert(contentsOf: Array(repeating: " ", count: count), at: cursorColumn)
      cells[cursorRow].removeLast(count)
    default: break  // SGR colours and the like do not change the text.
    }
  }

  private mutating func erase(row: Int, mode: Int) {
    let range =
      switch mode {
      case 1: 0..<(cursorColumn + 1)
      case 2: 0..<columns
      default: cursorColumn..<columns
      }
    for column in range { cells[row][column] = " " }
  }
}
