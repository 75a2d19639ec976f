import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The full screen on Ergo, through a real pseudo-terminal: PgUp at the top of what chat holds
/// asks the server for older history (`CHATHISTORY BEFORE`), and what comes is drawn above the
/// rows already shown, in order, so the next PgUp reads on into the past.
@Suite(.ownThread, .serialized, .requires(.ergo), .timeLimit(.minutes(5)))
struct ScreenHistoryTests {
  static let pageUp = "\u{1B}[5~"

  /// The row of `screen` whose text contains `text`, if any.
  static func row(of text: String, in screen: TerminalScreen) -> Int? {
    screen.lines.firstIndex { $0.contains(text) }
  }

  @Test func pageUpAtTheTopShowsOlderHistoryAboveWhatIsShown() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let said = (1...30).map { "said " + ($0 < 10 ? "0\($0)" : "\($0)") }
    let alice = try ChatHistoryTests.alice(saying: said, in: "#h", on: server)
    defer { alice.close() }
    let terminal = try PseudoTerminal(
      arguments: [
        "--renderer", "screen", "--server", "irc://127.0.0.1:\(server.port)/#h", "--name", "bot",
        "--history", "5",
      ])
    terminal.expectScreen("the latest history after joining") {
      $0.text.contains("said 30") && $0.text.contains("said 27") && !$0.text.contains("said 25")
    }
    // Everything held fits in the pane: the first PgUp is already at the top.
    terminal.type(Self.pageUp)
    terminal.expectScreen("older history above the latest, in order") { screen in
      guard let older = Self.row(of: "said 25", in: screen),
        let oldest = Self.row(of: "said 15", in: screen),
        let latest = Self.row(of: "said 27", in: screen)
      else { return false }
      return oldest < older && older < latest
    }
    terminal.type(Self.pageUp)
    terminal.expectScreen("PgUp reads on to the oldest message, at the top") { screen in
      guard let first = Self.row(of: "said 01", in: screen),
        let second = Self.row(of: "said 02", in: screen)
      else { return false }
      return first < second && screen.text.contains("scrolled back")
    }
    terminal.type("\u{04}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
  }
}
