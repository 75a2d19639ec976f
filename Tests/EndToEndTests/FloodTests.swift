import IRCTestRequirements
import Testing

/// A flood (`--burst`) in the interactive line mode, through a real pseudo-terminal: the
/// prompt keeps taking keys while the replies pour in, and every reply is drawn once.
///
/// Timing is never asserted (the benchmark measures it); what is asserted is order: the typed
/// text is on the prompt line while replies are still to come. That holds on any machine: chat
/// cannot run ahead of the test, as it blocks once the terminal's buffer is full until the
/// test reads it.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct FloodTests {
  static let burst = 20_000

  @Test func keysTypedDuringAFloodShowAtThePromptBeforeItEnds() throws {
    let terminal = try PseudoTerminal(arguments: ["--burst", "\(Self.burst)"])
    terminal.expectScreen("the prompt") { $0.cursorLine == ">" && $0.cursorColumn == 2 }
    terminal.type("flood\r")
    var replies = ReplyCount()
    try #require(
      terminal.expectScreen("the first replies") { _ in
        replies.update(terminal.transcript) > 0
      })
    terminal.type("abc")
    var repliesWhenShown: Int?
    try #require(
      terminal.expectScreen("the typed text at the prompt") {
        guard $0.cursorLine.hasSuffix("> abc") else { return false }
        repliesWhenShown = replies.update(terminal.transcript)
        return true
      })
    #expect(repliesWhenShown.map { $0 < Self.burst } == true, "shown only after the flood")

    terminal.expectScreen("every reply", within: 120) { _ in
      replies.update(terminal.transcript) >= Self.burst
    }
    terminal.expectScreen("the prompt after the flood") { $0.cursorLine == "> abc" }
    #expect(replies.update(terminal.transcript) == Self.burst, "each reply drawn once")
    let screen = terminal.screen
    #expect(screen.cursorColumn == "> abc".count, "\(terminal.report)")
    // Above the prompt, the last replies, each on its own row.
    let above = screen.lines[(screen.cursorRow - 3)..<screen.cursorRow]
    #expect(above.allSatisfy { $0.contains(TerminalTests.reply) }, "\(terminal.report)")
  }
}

/// Counts the peer's name in a growing transcript, reading only what is new each time.
///
/// The name is counted rather than a whole reply line because colour codes separate it from
/// the rest of its line; it appears nowhere else in a flood's output.
private struct ReplyCount {
  private let name = Array("Person B".utf8)
  private var count = 0
  /// Where the next occurrence can start: everything before was searched.
  private var searchedUpTo = 0

  /// The count in `transcript`, which has only grown since the last call.
  mutating func update(_ transcript: [UInt8]) -> Int {
    var start = searchedUpTo
    while start + name.count <= transcript.count {
      if transcript[start] == name[0], transcript[start..<(start + name.count)].elementsEqual(name)
      {
        count += 1
        start += name.count
      } else {
        start += 1
      }
    }
    searchedUpTo = start
    return count
  }
}
