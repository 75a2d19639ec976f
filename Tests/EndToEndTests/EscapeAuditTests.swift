import IRCTestRequirements
import Testing

/// The audit the hostile battery relies on finds what would take effect on a terminal.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct EscapeAuditTests {
  @Test func theLineModesOwnColoursErasingAndPasteModeAreClean() {
    let audit = EscapeAudit(Array("\u{1B}[?2004h\u{1B}[1m> \u{1B}[0m\u{1B}[K\r\u{1B}[3C".utf8))
    #expect(audit.isClean, "\(audit.description)")
  }

  @Test(arguments: [
    "\u{1B}[2J", "\u{1B}[H", "\u{1B}[5A", "\u{1B}[6n", "\u{1B}[?1049h", "\u{1B}]52;c;eA==\u{07}",
    "\u{1B}]0;title\u{1B}\\", "\u{1B}Pq\u{1B}\\", "\u{9B}2J", "a\u{202E}b", "\u{2066}",
    "\u{1B}7",
  ])
  func whatATerminalWouldObeyIsFound(_ text: String) {
    #expect(!EscapeAudit(Array(text.utf8)).isClean)
  }

  @Test func aStrayC1ByteIsInvalidUTF8AndFound() {
    #expect(!EscapeAudit([0x41, 0x9B, 0x32, 0x4A]).isClean)
  }
}
