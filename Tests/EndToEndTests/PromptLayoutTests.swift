import IRCTestRequirements
import Testing

/// What stays on screen when a line is sent from the prompt: the transcript above it, whole.
///
/// After Enter chat erases the rows the prompt and the typed line took (the message shows
/// once, in the transcript). These tests type lines whose rows are easy to miscount — wide
/// characters at a row's end, pasted blocks — and check that every row of the transcript that
/// was on screen before is still there, and that no row of the old prompt is left behind.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct PromptLayoutTests {
  /// Starts `chat --no-color` on a `columns`-wide terminal and sends `pre`, waiting for its
  /// reply; returns the terminal and the rows above the prompt.
  static func chatAfterOneReply(
    columns: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (PseudoTerminal, [String]) {
    let terminal = try PseudoTerminal(arguments: ["--no-color"], rows: 24, columns: columns)
    terminal.expectScreen("the prompt", sourceLocation: sourceLocation) { $0.cursorLine == ">" }
    terminal.type("pre\r")
    terminal.expectScreen("the reply to pre", sourceLocation: sourceLocation) {
      TerminalTests.replies(on: $0) == 1 && $0.cursorLine == ">"
    }
    let screen = terminal.screen
    return (terminal, Array(screen.lines[..<screen.cursorRow]))
  }

  /// Checks that `before` still opens the screen, followed at once by an echo of the user's,
  /// and that the only prompt row left is the cursor's.
  static func expectTranscriptIntact(
    _ terminal: PseudoTerminal, before: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let screen = terminal.screen
    let lines = screen.lines
    #expect(
      Array(lines.prefix(before.count)) == before, "\(terminal.report)",
      sourceLocation: sourceLocation)
    #expect(
      lines.count > before.count && lines[before.count].contains(" > PersonA: "),
      "\(terminal.report)", sourceLocation: sourceLocation)
    let promptRows = lines.indices.filter { lines[$0].hasPrefix(">") || lines[$0].hasPrefix("[") }
    #expect(promptRows == [screen.cursorRow], "\(terminal.report)", sourceLocation: sourceLocation)
  }

  @Test(
    arguments: [
      (String(repeating: "\u{2764}\u{FE0F}", count: 30), 40),  // ❤️: 1 column, then 0.
      (String(repeating: "👍🏽", count: 12), 40),  // 2 columns, then 2 more for the skin tone.
      (String(repeating: "漢", count: 40), 41),  // No room for the 20th 漢 at a row's end.
      (String(repeating: "漢", count: 19) + "a" + String(repeating: "漢", count: 30), 40),
    ] as [(String, Int)])
  func wideCharactersAtARowsEndAreErasedExactly(text: String, columns: Int) throws {
    let (terminal, before) = try Self.chatAfterOneReply(columns: columns)
    terminal.type(text)
    terminal.expectScreen("the typed text") { $0.text.contains(String(text.suffix(3))) }
    terminal.type("\r")
    terminal.expectScreen("the reply to the wide text") {
      TerminalTests.replies(on: $0) == 2 && $0.cursorLine == ">"
    }
    Self.expectTranscriptIntact(terminal, before: before)
  }

  @Test(arguments: ["\n", "\r\n", "\r"])
  func aPastedBlockEndingInANewlineErasesOnlyItself(newline: String) throws {
    let (terminal, before) = try Self.chatAfterOneReply(columns: 40)
    let block = ["a", "b", "c"].map { $0 + newline }.joined()
    terminal.type("\u{1B}[200~" + block + "\u{1B}[201~")
    terminal.expectScreen("the pasted block") {
      $0.text.contains("> a\n") && $0.text.contains("\nc")
    }
    terminal.type("\r")
    terminal.expectScreen("the replies to a, b and c") {
      TerminalTests.replies(on: $0) == 4 && $0.cursorLine == ">"
    }
    Self.expectTranscriptIntact(terminal, before: before)
    let echoes = terminal.screen.lines.filter { $0.contains(" > PersonA: ") }
    let texts = ["pre", "a", "b", "c"]
    #expect(
      echoes.count == texts.count && zip(echoes, texts).allSatisfy { $0.hasSuffix(": " + $1) },
      "\(terminal.report)")
  }
}
