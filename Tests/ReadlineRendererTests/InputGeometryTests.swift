import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(1))) struct InputGeometryTests {
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
