import Glibc
import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(10))) struct InputGeometryTests {
  @Test(
    arguments: [
      ("", 80, 1),
      ("hello", 80, 1),
      (String(repeating: "a", count: 78), 80, 1),  // Prompt and input fill the row exactly.
      (String(repeating: "a", count: 79), 80, 2),
      (String(repeating: "漢", count: 39), 80, 1),
      (String(repeating: "漢", count: 40), 80, 2),
      ("\u{1B}", 3, 2),  // Shown as ^[ after the prompt: 4 columns.
      ("\t", 10, 1),  // The tab runs from column 2 to 8.
      ("\tx", 8, 2),
      ("a\tb", 10, 1),  // The tab runs from column 3 to the tab stop at 8, not 8 further.
      ("abcdefg\tb", 10, 2),  // From column 9 to 16, on the second row.
      ("one\ntwo\nthree", 80, 3),  // A pasted newline starts a row.
      ("one\n", 80, 2),
      (String(repeating: "a", count: 79) + "\nb", 80, 3),
    ] as [(String, Int, Int)])
  func rowsTakenByThePromptAndTheInput(line: String, screenColumns: Int, rows: Int) {
    #expect(InputGeometry.rows(promptColumns: 2, line: line, screenColumns: screenColumns) == rows)
  }
}

@Suite(.timeLimit(.minutes(10))) struct InputCursorTests {
  init() {
    setlocale(LC_CTYPE, "C.UTF-8")  // Readline's layout follows wcwidth, as in line mode.
  }

  @Test(
    arguments: [
      ("", 80, 0, 2),
      (String(repeating: "a", count: 78), 80, 1, 0),  // A full row puts the cursor below.
      (String(repeating: "漢", count: 40), 41, 2, 2),  // The 20th and 40th wrap whole.
      (String(repeating: "\u{2764}\u{FE0F}", count: 30), 40, 0, 32),
      (String(repeating: "👍🏽", count: 12), 40, 1, 10),
      ("a\tb", 10, 0, 9),
      ("abcdefg\tb", 10, 1, 7),
      ("a\nbc", 80, 1, 2),
      ("\u{1B}x", 80, 0, 5),
    ] as [(String, Int, Int, Int)])
  func theCursorIsWhereReadlineDrawsIt(line: String, width: Int, row: Int, column: Int) {
    let cursor = InputGeometry.cursor(
      promptColumns: 2, line: line.unicodeScalars, screenColumns: width)
    #expect(cursor.row == row && cursor.column == column)
  }

  @Test func afterAResizeTheEraseNeverGoesAboveThePrompt() {
    let line = String(repeating: "a", count: 150)
    func up(_ old: Int, _ new: Int, reflows: Bool) -> Int {
      ResizeErase.rowsAboveCursor(
        promptColumns: 2, shownBeforeCursor: line, oldColumns: old, newColumns: new,
        terminalReflows: reflows)
    }
    #expect(up(50, 100, reflows: true) == 1)
    #expect(up(50, 100, reflows: false) == 1)
    #expect(up(80, 40, reflows: true) == 3)
    #expect(up(80, 40, reflows: false) == 1)
    #expect(ResizeErase.terminalReflows(environment: ["TMUX": "/tmp/x,1,0"]))
    #expect(!ResizeErase.terminalReflows(environment: ["TMUX": "/tmp/x,1,0", "STY": "1.pts"]))
    #expect(ResizeErase.terminalReflows(environment: ["TERM_PROGRAM": "iTerm.app"]))
    #expect(!ResizeErase.terminalReflows(environment: ["TERM": "xterm"]))
  }
}
