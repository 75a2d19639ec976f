import IRCTestRequirements
import Testing

/// Resizing the window while a wrapped line is being typed: the transcript above the prompt
/// stays as it was, whether the terminal reflows or not and whether it says so; where it says
/// it reflows (here: `TMUX` set, as tmux does), the prompt and the input show exactly once.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct ResizeTests {
  /// The digits 0…9 over and over, `count` long: a duplicated row would show.
  static func input(_ count: Int) -> String {
    String((0..<count).map { Character(String($0 % 10)) })
  }

  /// `text` cut into rows of `width` columns.
  static func rows(_ text: String, width: Int) -> [String] {
    stride(from: 0, to: text.count, by: width).map {
      String(text.dropFirst($0).prefix(width))
    }
  }

  @Test(
    arguments: [
      (true, true, 60, [40]), (true, true, 150, [50, 100]), (true, true, 60, [40, 80, 30]),
      (false, false, 60, [40]), (false, false, 150, [50, 100]),
      (true, false, 60, [40]), (true, false, 150, [50, 100]),
    ] as [(Bool, Bool, Int, [Int])])
  func resizingWhileTypingLeavesTheTranscriptAlone(
    reflow: Bool, saysSo: Bool, count: Int, widths: [Int]
  ) throws {
    let terminal = try PseudoTerminal(
      arguments: ["--no-color"], environment: saysSo ? ["TMUX=/tmp/chat-test,1,0"] : [])
    terminal.expectScreen("the prompt") { $0.cursorLine == ">" }
    terminal.type("pre\r")
    terminal.expectScreen("the reply to pre") {
      TerminalTests.replies(on: $0) == 1 && $0.cursorLine == ">"
    }
    let line = "> " + Self.input(count)
    terminal.type(Self.input(count))
    terminal.expectScreen("the typed line") { $0.logicalLines.contains(line) }
    for width in widths {
      terminal.resize(rows: 24, columns: width, reflow: reflow)
      let resized = terminal.screen
      let start = try #require(resized.lines.lastIndex { $0.hasPrefix("> ") })
      let above = Array(resized.lines[..<start])
      let written = terminal.transcript.count
      let column = line.count % width
      terminal.expectScreen("the line redrawn at \(width) columns") {
        terminal.transcript.count > written && $0.cursorColumn == column
          && $0.cursorLine == String(line.suffix(column))
      }
      let lines = terminal.screen.lines
      #expect(Array(lines.prefix(above.count)) == above, "\(terminal.report)")
      let prompt = try #require(lines.lastIndex { $0.hasPrefix("> ") })
      let drawn = Self.rows(line, width: width)
      #expect(Array(lines[prompt...].prefix(drawn.count)) == drawn, "\(terminal.report)")
      if reflow && saysSo {
        #expect(prompt == start, "a row of the old prompt is left\n\(terminal.report)")
      }
    }
    terminal.type("\r")
    terminal.expectScreen("the echo") {
      $0.logicalLines.contains { $0.hasSuffix(Self.input(count)) }
    }
  }
}
