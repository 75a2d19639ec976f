import Glibc

/// A small model of a terminal screen: what a person would see after the bytes fed so far.
///
/// It understands what readline and chat send to an xterm-like terminal: printable text with
/// deferred autowrap, CR, LF, BS, TAB, cursor moves (CSI A B C D G H f), erasing (CSI J K X),
/// inserting and deleting characters (CSI @ P); colours, modes and OSC strings are read and
/// ignored. Each code point takes the columns glibc's `wcwidth` gives it in a UTF-8 locale, as
/// in xterm and tmux: a wide character that does not fit in the last column wraps whole and
/// leaves that column blank; a zero-width one joins the cell before it.
///
/// A resize either leaves the rows as they are, cut or padded (xterm), or reflows them (tmux,
/// VTE, kitty): rows joined by autowrap are laid out again at the new width, the cursor keeps
/// its place in the text and rows that no longer fit leave at the top.
struct TerminalScreen {
  private(set) var rows: Int
  private(set) var columns: Int
  /// Each cell's text; "" is the right half of a wide character.
  private(set) var cells: [[String]]
  /// Whether each row continues on the next one because the terminal wrapped it.
  private var wrapped: [Bool]
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
    wrapped = Array(repeating: false, count: rows)
  }

  /// The screen's rows as text, trailing blanks removed.
  var lines: [String] {
    cells.map { row in row[..<(row.lastIndex { $0 != " " }.map { $0 + 1 } ?? 0)].joined() }
  }

  /// The screen's rows with those the terminal wrapped joined: the lines as they were written.
  var logicalLines: [String] {
    var result: [String] = []
    var current = ""
    for (row, line) in lines.enumerated() {
      current += wrapped[row] ? cells[row].joined() : line
      if !wrapped[row] {
        result.append(current)
        current = ""
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }

  /// The row the cursor is on, as text.
  var cursorLine: String { lines[cursorRow] }

  /// Everything on screen, one row per line.
  var text: String { lines.joined(separator: "\n") }

  mutating func feed(_ text: String) {
    for scalar in text.unicodeScalars { feed(scalar) }
  }

  /// The window is now `rows` × `columns`; `reflow` says whether the terminal lays wrapped
  /// rows out again.
  mutating func resize(rows newRows: Int, columns newColumns: Int, reflow: Bool) {
    if reflow {
      reflowTo(rows: newRows, columns: newColumns)
    } else {
      cells = cells.map { row in
        Array(row.prefix(newColumns))
          + Array(repeating: " ", count: max(0, newColumns - row.count))
      }
      columns = newColumns
      cursorColumn = min(cursorColumn, newColumns - 1)
    }
    while cells.count > newRows {
      if cursorRow > 0 {
        cells.removeFirst()
        wrapped.removeFirst()
        cursorRow -= 1
      } else {
        cells.removeLast()
        wrapped.removeLast()
      }
    }
    while cells.count < newRows {
      cells.append(Array(repeating: " ", count: newColumns))
      wrapped.append(false)
    }
    rows = newRows
    wrapPending = false
  }

  private mutating func reflowTo(rows newRows: Int, columns newColumns: Int) {
    // Cut the screen into logical lines: cells up to the last non-blank one (or the cursor).
    var logical: [[String]] = []
    var cursorLine = 0
    var cursorOffset = 0
    var current: [String] = []
    for row in 0..<rows {
      if row == cursorRow {
        cursorLine = logical.count
        cursorOffset = current.count + cursorColumn
      }
      if wrapped[row] {
        current += cells[row]
        continue
      }
      let end = cells[row].lastIndex { $0 != " " }.map { $0 + 1 } ?? 0
      current += cells[row][..<end]
      logical.append(current)
      current = []
    }
    var newCells: [[String]] = []
    var newWrapped: [Bool] = []
    for (index, line) in logical.enumerated() {
      var row: [String] = []
      var offset = 0
      var column = 0
      func breakRow() {
        newCells.append(row + Array(repeating: " ", count: newColumns - row.count))
        newWrapped.append(true)
        row = []
        column = 0
      }
      var rest = line[...]
      var placed = index != cursorLine
      while !rest.isEmpty || !placed {
        let hasCell = !rest.isEmpty
        let width = hasCell && rest.dropFirst().first == "" ? 2 : 1
        if column + width > newColumns { breakRow() }
        if !placed, offset >= cursorOffset {
          cursorRow = newCells.count
          cursorColumn = column
          placed = true
        }
        if !hasCell && placed { break }
        row.append(rest.first ?? " ")
        if width == 2 { row.append("") }
        column += width
        offset += width
        rest = rest.dropFirst(hasCell ? width : 0)
      }
      newCells.append(row + Array(repeating: " ", count: max(0, newColumns - row.count)))
      newWrapped.append(false)
    }
    cells = newCells
    wrapped = newWrapped
    columns = newColumns
    cursorColumn = min(cursorColumn, newColumns - 1)
  }

  private mutating func feed(_ scalar: Unicode.Scalar) {
    switch parser {
    case .ground:
      ground(scalar)
    case .escape:
      switch scalar {
      case "[": parser = .csi("")
      case "]": parser = .osc(sawEscape: false)
      case "(", ")", "#", "%": parser = .escapeIntermediate
      default: parser = .ground  // ESC = / ESC > / ESC 7 ...: nothing on screen.
      }
    case .escapeIntermediate:
      parser = .ground
    case .csi(let parameters):
      if (0x40...0x7E).contains(scalar.value) {
        parser = .ground
        controlSequence(parameters, final: scalar)
      } else {
        parser = .csi(parameters + String(scalar))
      }
    case .osc(let sawEscape):
      if scalar == "\u{07}" || (sawEscape && scalar == "\\") {
        parser = .ground
      } else {
        parser = .osc(sawEscape: scalar == "\u{1B}")
      }
    }
  }

  private mutating func ground(_ scalar: Unicode.Scalar) {
    switch scalar {
    case "\u{1B}": parser = .escape
    case "\r":
      cursorColumn = 0
      wrapPending = false
    case "\n": lineFeed()
    case "\u{08}":
      cursorColumn = max(0, cursorColumn - 1)
      wrapPending = false
    case "\t": cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      break  // BEL, SI, SO, DEL, C1 ...: nothing on screen.
    default: put(scalar)
    }
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    let width = Self.width(of: scalar)
    guard width > 0 else {
      // Joins the character before the cursor (the one just written when a wrap is pending).
      let column = wrapPending ? cursorColumn : cursorColumn - 1
      if column >= 0 {
        let base = cells[cursorRow][column] == "" && column > 0 ? column - 1 : column
        cells[cursorRow][base].unicodeScalars.append(scalar)
      }
      return
    }
    if wrapPending || cursorColumn + width > columns {
      wrapPending = false
      wrapped[cursorRow] = true
      cursorColumn = 0
      lineFeed()
    }
    cells[cursorRow][cursorColumn] = String(scalar)
    if width == 2 { cells[cursorRow][cursorColumn + 1] = "" }
    if cursorColumn + width == columns {
      cursorColumn += width - 1
      wrapPending = true
    } else {
      cursorColumn += width
    }
  }

  private mutating func lineFeed() {
    wrapPending = false
    if cursorRow == rows - 1 {
      cells.removeFirst()
      wrapped.removeFirst()
      cells.append(Array(repeating: " ", count: columns))
      wrapped.append(false)
    } else {
      cursorRow += 1
    }
  }

  private mutating func controlSequence(_ parameters: String, final: Unicode.Scalar) {
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
    if range.upperBound == columns { wrapped[row] = false }
  }

  /// Columns `scalar` takes, by glibc's `wcwidth` in C.UTF-8 (the test process keeps its own
  /// locale: `uselocale` changes only this thread's, for the call); unprintable ones take none.
  private static func width(of scalar: Unicode.Scalar) -> Int {
    if scalar.value < 0x7F { return 1 }
    let previous = uselocale(utf8Locale)
    defer { uselocale(previous) }
    return max(0, Int(wcwidth(Int32(bitPattern: scalar.value))))
  }
}

/// The C.UTF-8 locale for `wcwidth`, made once.
nonisolated(unsafe) private let utf8Locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

/// glibc's `wcwidth`, which the Glibc module does not import (it is an X/Open extension).
nonisolated(unsafe) private let wcwidth = unsafeBitCast(
  dlsym(nil, "wcwidth"), to: (@convention(c) (Int32) -> Int32).self)
