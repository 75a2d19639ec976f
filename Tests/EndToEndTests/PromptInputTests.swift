import Glibc
import IRCTestRequirements
import Testing

/// What is typed at the prompt: echoed as safely as the transcript shows it, decoded as piped
/// input is, and remembered in the history file one line at a time.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct PromptInputTests {
  static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    guard bytes.count >= part.count else { return false }
    return (0...(bytes.count - part.count)).contains {
      bytes[$0..<$0 + part.count].elementsEqual(part)
    }
  }

  @Test func controlAndBidiCharactersShowAsStandInsWhileTyping() throws {
    let terminal = try TerminalTests.startChat()
    terminal.type(bytes: Array("X".utf8) + [0xC2, 0x9B] + Array("2J".utf8) + [0xE2, 0x80, 0xAE])
    terminal.type("RTL")
    terminal.expectScreen("the stand-ins at the prompt") {
      $0.cursorLine == "> X<U+009B>2J<U+202E>RTL"
    }
    terminal.type("\u{02}\u{02}\u{02}Z")  // Back over RTL (Ctrl-B), then insert.
    terminal.expectScreen("the line after the edit") {
      $0.cursorLine == "> X<U+009B>2J<U+202E>ZRTL"
    }
    #expect(terminal.screen.cursorColumn == "> X<U+009B>2J<U+202E>Z".count, "\(terminal.report)")
    terminal.type("\r")
    terminal.expectScreen("the echo") { $0.text.contains("> PersonA: X<U+009B>2J<U+202E>ZRTL") }
    #expect(!Self.contains(terminal.transcript, [0xC2, 0x9B]), "\(terminal.report)")
    #expect(!Self.contains(terminal.transcript, [0xE2, 0x80, 0xAE]), "\(terminal.report)")
  }

  @Test func incompleteUTF8TypedBecomesAReplacementCharacter() throws {
    let terminal = try TerminalTests.startChat()
    terminal.type(bytes: Array("ab".utf8) + [0xE6, 0x97] + Array("c\r".utf8))
    terminal.expectScreen("the first echo") { $0.text.contains("> PersonA: ab\u{FFFD}c") }
    terminal.type(bytes: Array("x".utf8) + [0xC3])
    terminal.expectScreen("the cut sequence at the prompt") { $0.cursorLine == "> x\u{FFFD}" }
    terminal.type("\r")
    terminal.expectScreen("the second echo") { $0.text.contains("> PersonA: x\u{FFFD}") }
  }

  @Test func aPastedBlockIsRememberedOneLineAtATimeWithoutABlankLine() throws {
    let terminal = try TerminalTests.startChat()
    terminal.type("\u{1B}[200~first\nsecond\n\u{1B}[201~\r")
    terminal.expectScreen("both replies") { TerminalTests.replies(on: $0) == 2 }
    let descriptor = open(terminal.home + "/state/chat/history", O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "first\nsecond\n")
    terminal.type("\u{1B}[A")
    terminal.expectScreen("the last line recalled") { $0.cursorLine == "> second" }
  }
}
