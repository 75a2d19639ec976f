import IRCTestRequirements
import Testing

/// Tab at the prompt of a real pseudo-terminal: commands, conversation names and nicks.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct CompletionTests {
  @Test func tabCompletesCommandsConversationsAndTheActiveMembersNames() throws {
    let terminal = try TerminalTests.startChat()
    terminal.type("/join #ops\r")
    // The prompt names the channel once it is joined: what is typed from then on goes there.
    terminal.expectScreen("the channel joined") { $0.cursorLine == "#ops >" }
    terminal.type("hello ops\r")
    // The reply in #ops comes after its member list: both names are known by then.
    terminal.expectScreen("the reply in #ops") { TerminalTests.replies(on: $0) == 1 }
    terminal.type("/sw\t")
    terminal.expectScreen("the command completed") { $0.cursorLine == "#ops > /switch" }
    terminal.type("#o\t")  // Readline put a blank after the command.
    terminal.expectScreen("the channel's name completed") { $0.cursorLine == "#ops > /switch #ops" }
    terminal.type("\u{15}pers\t")  // Ctrl-U clears the line; irssi-style addressing.
    terminal.expectScreen("the nick completed at the start") {
      $0.cursorLine == "#ops > Person B:"
    }
    terminal.type("\u{15}thanks pe\t")
    terminal.expectScreen("the nick completed mid-line") {
      $0.cursorLine == "#ops > thanks Person B"
    }
  }
}
