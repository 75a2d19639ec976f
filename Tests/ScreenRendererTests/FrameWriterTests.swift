import Testing

@testable import ScreenRenderer

@Suite struct FrameWriterTests {
  private let writer = FrameWriter(strings: ANSITerminalStrings())

  private func frame(from old: ScreenGrid?, to new: ScreenGrid) -> String {
    var bytes: [UInt8] = []
    writer.frame(from: old, to: new, cursor: (0, 0), into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func theFirstFrameClearsAndWritesWhatIsNotBlank() {
    var grid = ScreenGrid(width: 10, height: 2)
    grid.write("hi", row: 1, column: 3)
    let bytes = frame(from: nil, to: grid)
    #expect(bytes.contains("\u{1B}[2J"))
    #expect(bytes.contains("\u{1B}[2;4Hhi"))
  }

  @Test func aLaterFrameWritesOnlyTheCellsThatChanged() {
    var old = ScreenGrid(width: 10, height: 2)
    old.write("hello", row: 0, column: 0)
    var new = old
    new.write("J", row: 0, column: 0)
    new.write("!", row: 1, column: 9)
    let bytes = frame(from: old, to: new)
    #expect(!bytes.contains("\u{1B}[2J"))
    #expect(!bytes.contains("ello"))
    #expect(bytes.contains("\u{1B}[1;1HJ"))
    #expect(bytes.contains("\u{1B}[2;10H!"))
  }

  @Test func anUnchangedFrameWritesNoCell() {
    var grid = ScreenGrid(width: 10, height: 2)
    grid.write("same", row: 0, column: 0)
    let bytes = frame(from: grid, to: grid)
    #expect(!bytes.contains("same"))
  }

  @Test func stylesAreSwitchedOnlyWhereTheyChange() {
    var old = ScreenGrid(width: 10, height: 1)
    old.write("x", row: 0, column: 0)
    var new = ScreenGrid(width: 10, height: 1)
    new.write("abc", row: 0, column: 0, style: .bar)
    let bytes = frame(from: old, to: new)
    #expect(bytes.components(separatedBy: "\u{1B}[0;7m").count == 2)
    #expect(bytes.contains("\u{1B}[0;7mabc"))
  }
}
