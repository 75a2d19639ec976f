import IRCTestRequirements
import Testing

/// Leaving the line mode reaches the same "nothing more can arrive" conclusion as a piped run.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct LeavingTerminalTests {
  @Test func ctrlDAfterALostReplyExitsAndTheLostReplyIsNeverPending() throws {
    // Seed 2 with half of everything dropped: "x" is echoed, and its reply is lost.
    let terminal = try PseudoTerminal(arguments: ["--faults", "drop=0.5", "--seed", "2"])
    terminal.expectScreen("the prompt") { $0.cursorLine == ">" }
    terminal.type("x\r")
    terminal.expectScreen("the echo, then a prompt with nothing pending") {
      $0.text.contains("> PersonA: x") && $0.cursorLine == ">"
    }
    terminal.type("\u{04}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
    #expect(!terminal.screen.text.contains("Person B"), "the reply was lost")
  }
}
