import Glibc
import IRCTestRequirements
import Testing

/// The interactive line mode, driven through a real pseudo-terminal like a person would.
///
/// Serialized: each test runs its own chat with real (100 ms / 200 ms) session timing, and a
/// busy machine makes those timings less certain. Every wait has a deadline; none sleeps.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct TerminalTests {
  /// The peer's replies: as in the seed, a UUID string from "Person B".
  static let reply = "< Person B: "

  /// Starts chat and waits for its first prompt.
  static func startChat(sourceLocation: SourceLocation = #_sourceLocation) throws
    -> PseudoTerminal
  {
    let terminal = try PseudoTerminal()
    terminal.expectScreen("the prompt", sourceLocation: sourceLocation) {
      $0.cursorLine == ">" && $0.cursorColumn == 2
    }
    return terminal
  }

  static func replies(on screen: TerminalScreen) -> Int {
    screen.lines.count { $0.contains(reply) }
  }

  @Test func theTitleAndThePromptAppear() throws {
    let terminal = try Self.startChat()
    let screen = terminal.screen
    #expect(screen.lines.first == "Conversation", "\(terminal.report)")
    #expect(screen.cursorRow > 0, "\(terminal.report)")
  }

  @Test func aTypedMessageShowsWithItsSenderThenTheReply() throws {
    let terminal = try Self.startChat()
    terminal.type("hello there\r")
    terminal.expectScreen("the reply, then the prompt") {
      Self.replies(on: $0) == 1 && $0.cursorLine == ">"
    }
    let lines = terminal.screen.lines
    let echo = lines.firstIndex { $0.hasSuffix(" > PersonA: hello there") }
    let reply = lines.firstIndex { $0.contains(Self.reply) }
    #expect(echo != nil && reply != nil && echo! < reply!, "\(terminal.report)")
    // The field clears on Enter: the text shows once, in the transcript, not at the prompt.
    #expect(lines.count { $0.contains("hello there") } == 1, "\(terminal.report)")
  }

  @Test func aReplyArrivingMidTypingLeavesTheInputIntact() throws {
    let terminal = try Self.startChat()
    var sawReplyWhileTyping = false
    // The reply comes 200 ms after the echo; on a slow machine it may beat the typing, and
    // then the attempt proves nothing and is repeated.
    for attempt in 1...5 where !sawReplyWhileTyping {
      terminal.type("message \(attempt)\r")
      guard
        terminal.expectScreen(
          "echo \(attempt)", { $0.text.contains("PersonA: message \(attempt)") })
      else { return }
      let repliesBefore = Self.replies(on: terminal.screen)
      terminal.type("half-typed")
      terminal.expectScreen("the typed text") { $0.cursorLine.hasSuffix("> half-typed") }
      if Self.replies(on: terminal.screen) > repliesBefore {
        terminal.type("\u{15}")  // Ctrl-U, and try again.
        terminal.expectScreen("an empty prompt") { $0.cursorLine == ">" }
        continue
      }
      sawReplyWhileTyping = terminal.expectScreen("the reply while typing") {
        Self.replies(on: $0) > repliesBefore
      }
    }
    try #require(sawReplyWhileTyping, "\(terminal.report)")
    terminal.expectScreen("the prompt without the pending hint") { $0.cursorLine == "> half-typed" }
    let screen = terminal.screen
    #expect(screen.cursorColumn == "> half-typed".count, "\(terminal.report)")
    let reply = screen.lines.lastIndex { $0.contains(Self.reply) }
    #expect(reply.map { $0 == screen.cursorRow - 1 } == true, "\(terminal.report)")
    // Enter sends exactly what was typed.
    terminal.type("\r")
    terminal.expectScreen("the finished message") { $0.text.contains("> PersonA: half-typed") }
  }

  @Test func upRecallsHistoryKeptInTheStateFolder() throws {
    let terminal = try Self.startChat()
    terminal.type("first line\r")
    terminal.expectScreen("the reply") { Self.replies(on: $0) == 1 }
    terminal.type("\u{1B}[A")
    terminal.expectScreen("the recalled line") { $0.cursorLine == "> first line" }
    var info = stat()
    #expect(stat(terminal.home + "/state/chat/history", &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test func ctrlCClearsTheLine() throws {
    let terminal = try Self.startChat()
    terminal.type("never sent")
    terminal.expectScreen("the typed text") { $0.cursorLine == "> never sent" }
    terminal.type("\u{03}")
    terminal.expectScreen("an empty prompt") { $0.cursorLine == ">" && $0.cursorColumn == 2 }
    #expect(!terminal.screen.text.contains("never sent"), "\(terminal.report)")
    terminal.type("after\r")
    terminal.expectScreen("the next message") { $0.text.contains("> PersonA: after") }
  }

  @Test func ctrlDExitsAfterThePendingReplyAndRestoresTheTerminal() throws {
    let terminal = try PseudoTerminal()
    let before = terminal.initialModes
    terminal.expectScreen("the prompt") { $0.cursorLine == ">" }
    terminal.type("last words\r\u{04}")
    let status = terminal.waitForExit()
    #expect(status == 0, "\(terminal.report)")
    let lines = terminal.screen.lines
    let echo = lines.firstIndex { $0.hasSuffix("> PersonA: last words") }
    let reply = lines.firstIndex { $0.contains(Self.reply) }
    #expect(echo != nil && reply != nil && echo! < reply!, "\(terminal.report)")
    #expect(
      String(decoding: terminal.transcript, as: UTF8.self).contains("[leaving, 1 pending]"),
      "\(terminal.report)")
    #expect(terminal.modes() == before)
  }
}
