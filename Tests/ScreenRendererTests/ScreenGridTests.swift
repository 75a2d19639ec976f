import Testing

@testable import ScreenRenderer

@Suite struct ScreenGridTests {
  @Test func wideCharactersTakeTwoCellsAndNeverSplitAtTheEdge() {
    var grid = ScreenGrid(width: 5, height: 1)
    let end = grid.write("a漢字", row: 0, column: 0)
    #expect(end == 5)
    #expect(grid[0, 1].character == "漢")
    #expect(grid[0, 2].character == nil)
    var narrow = ScreenGrid(width: 4, height: 1)
    #expect(narrow.write("a漢字", row: 0, column: 0) == 3)
    #expect(narrow.text == "a漢\n")
  }

  @Test func combiningMarksStayWithTheirCharacterAndEmojiTakeTwo() {
    var grid = ScreenGrid(width: 6, height: 1)
    let end = grid.write("e\u{301}👍x", row: 0, column: 0)
    #expect(end == 4)
    #expect(grid.text == "e\u{301}👍x\n")
  }

  @Test func writingOverHalfOfAWideCharacterBlanksTheOtherHalf() {
    var grid = ScreenGrid(width: 4, height: 1)
    grid.write("漢字", row: 0, column: 0)
    grid.write("x", row: 0, column: 1)
    #expect(grid.text == " x字\n")
    grid.write("y", row: 0, column: 2)
    #expect(grid.text == " xy\n")
  }

  @Test func textTrimsTrailingBlanks() {
    var grid = ScreenGrid(width: 6, height: 2)
    grid.write("hi", row: 1, column: 2)
    #expect(grid.text == "\n  hi\n")
  }
}
