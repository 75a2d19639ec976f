import Foundation
import Glibc
import IRCTestSupport
import Testing

/// The full screen (`--renderer screen`) through a real pseudo-terminal, as a person uses it:
/// typing, switching with Alt-digit, a resize, Ctrl-Z and a stop from outside, and leaving,
/// which gives the shell its screen and modes back. The screen model reads the cursor moves and
/// erasures the frames are made of; the alternate screen's switches are read from the
/// transcript. Every wait has a deadline; none sleeps.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(5))) struct ScreenTerminalTests {
  static let enterAlternate = "\u{1B}[?1049h"
  static let leaveAlternate = "\u{1B}[?1049l"

  static func start(rows: Int = 24, columns: Int = 80) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      arguments: ["--renderer", "screen", "--name", "alice"], rows: rows, columns: columns)
    terminal.expectScreen("the first frame") {
      $0.text.contains("1.Conversation") && $0.lines.last == "[Conversation]"
    }
    return terminal
  }

  static func transcript(_ terminal: PseudoTerminal) -> String {
    String(decoding: terminal.transcript, as: UTF8.self)
  }

  @Test func typingSwitchingResizingAndLeavingRestoresTheTerminal() throws {
    let terminal = try Self.start()
    terminal.type("hello")
    terminal.expectScreen("the key echo in the input row") {
      $0.lines.last == "[Conversation] hello" && $0.cursorRow == 23 && $0.cursorColumn == 20
    }
    terminal.type("\r")
    terminal.expectScreen("the message and the reply in the pane") { screen in
      screen.text.contains("<alice> hello") && screen.text.contains("<Person B> ")
        && screen.lines.last == "[Conversation]"
    }
    terminal.type("/join #b\r")
    terminal.expectScreen("#b in the title and the buffer list") {
      $0.lines[0].hasPrefix(" #b") && $0.text.contains("2.#b")
        && $0.text.contains("you joined") && !$0.text.contains("<alice> hello")
    }
    terminal.type("\u{1B}1")
    terminal.expectScreen("Alt-1 back in the first conversation, its own rows") {
      $0.lines[0].hasPrefix(" Conversation") && $0.text.contains("<alice> hello")
        && $0.lines.last == "[Conversation]"
    }
    terminal.type("\u{1B}B")
    terminal.expectScreen("Alt-Shift-B hides the buffer list") {
      !$0.text.contains("1.Conversation") && $0.text.contains("<alice> hello")
    }
    terminal.type("\u{1B}B")
    terminal.expectScreen("Alt-Shift-B shows it again") { $0.text.contains("1.Conversation") }
    terminal.resize(rows: 12, columns: 50, reflow: false)
    terminal.expectScreen("everything redrawn at 50 x 12, the lists hidden") { screen in
      screen.lines.count == 12 && screen.lines[10].hasPrefix(" [alice]")
        && screen.lines[11] == "[Conversation]" && !screen.text.contains("│")
        && screen.text.contains("<alice> hello")
    }
    terminal.type("\u{04}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
    let transcript = Self.transcript(terminal)
    #expect(transcript.hasPrefix(Self.enterAlternate) || transcript.contains(Self.enterAlternate))
    let left = transcript.range(of: Self.leaveAlternate, options: .backwards)
    #expect(left != nil, "\(terminal.report)")
    if let left {
      #expect(!transcript[left.upperBound...].contains("\u{1B}[?1049h"))
      #expect(transcript[..<left.lowerBound].hasSuffix("\u{1B}[?25h"), "the cursor shown")
    }
    // Readline had the terminal raw; it is cooked again, echoing.
    let echoing = UInt32(ECHO) | UInt32(ICANON)
    #expect(terminal.modes().localFlags & echoing == echoing, "\(terminal.modes())")
  }

  @Test func ctrlZAndAStopFromOutsideGiveTheScreenBackAndRedrawIt() throws {
    let terminal = try Self.start()
    terminal.type("kept")
    terminal.expectScreen("the typed text") { $0.lines.last == "[Conversation] kept" }
    let entered = Self.transcript(terminal).components(separatedBy: Self.enterAlternate).count
    // Ctrl-Z: chat leaves the alternate screen and stops itself; a process group without a
    // job-control shell is not stopped by the kernel, so it comes straight back, as on `fg`.
    terminal.type("\u{1A}")
    terminal.expectScreen("back on the alternate screen, drawn anew") { _ in
      let text = Self.transcript(terminal)
      return text.components(separatedBy: Self.enterAlternate).count == entered + 1
        && text.contains(Self.leaveAlternate)
    }
    terminal.expectScreen("the frame and the line kept") {
      $0.text.contains("1.Conversation") && $0.lines.last == "[Conversation] kept"
    }
    // SIGSTOP and SIGCONT from outside (a shell's `kill -STOP`, then `fg`): drawn anew, as
    // every SIGCONT does.
    kill(terminal.pid, SIGSTOP)
    kill(terminal.pid, SIGCONT)
    terminal.expectScreen("drawn anew after SIGCONT") { _ in
      Self.transcript(terminal).components(separatedBy: Self.enterAlternate).count
        == entered + 2
    }
    terminal.expectScreen("the line still there") { $0.lines.last == "[Conversation] kept" }
    terminal.type("\u{15}\u{04}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
  }

  /// `--record` keeps the terminal's size (`width`, `height`) and the keys pressed, so the
  /// recording replays on a screen of the same size, scrolled back as it was.
  @Test func aRecordedRunReplaysAtItsSizeWithItsKeys() throws {
    let folder = try TemporaryDirectory(prefix: "chat-screen-record")
    let recording = folder.file("screen.chat")
    let terminal = try PseudoTerminal(
      arguments: ["--renderer", "screen", "--name", "alice", "--record", recording],
      rows: 14, columns: 70)
    for n in 1...6 {
      terminal.type("line \(n)\r")
      terminal.expectScreen("line \(n) and its answer") { screen in
        guard let row = screen.lines.firstIndex(where: { $0.contains("<alice> line \(n)") })
        else { return false }
        return screen.lines[row...].contains { $0.contains("<Person B>") }
      }
    }
    terminal.type("\u{1B}[5~")
    terminal.expectScreen("PgUp: scrolled back") { $0.text.contains("scrolled back (PgDn)") }
    terminal.type("\u{04}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(text.contains("\nwidth 70\nheight 14\n"), "\(text)")
    #expect(text.contains(" key PgUp\n"), "\(text)")
    let replay = try PipedRun.chat(["--scenario", recording, "--renderer", "screen"])
    #expect(replay.status == 0, "\(replay.stderr)")
    let lines = String(decoding: replay.stdout, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 15, "14 rows and the end of the last")
    #expect(lines.contains { $0.contains("scrolled back (PgDn)") }, "\(lines)")
    #expect(lines.allSatisfy { $0.count <= 70 })
  }

  /// Tab twice on an ambiguous word lists the candidates inside the screen, over the pane's
  /// last row (readline's own list would be printed over the frame); typing on removes them.
  @Test func tabListsItsCandidatesInsideTheScreen() throws {
    let terminal = try Self.start()
    terminal.type("/w\t\t")
    terminal.expectScreen("the candidates above the status row, the line kept") { screen in
      screen.lines[21] == "               │/who  /whois  /win"
        && screen.lines[22].hasPrefix(" [alice]") && screen.lines[23] == "[Conversation] /w"
    }
    terminal.type("i")
    terminal.expectScreen("typing on removes them") { screen in
      !screen.text.contains("/whois") && screen.lines[23] == "[Conversation] /wi"
    }
    terminal.type("\u{15}\u{04}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
  }
}
