import IRCTestRequirements
import Testing

/// Conversations at a real prompt: the prompt names the active one and the others' unread
/// counts, and switching only changes the prompt.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct ConversationTerminalTests {
  @Test func thePromptNamesTheActiveConversationAndTheOthersUnreadCounts() throws {
    let terminal = try TerminalTests.startChat()
    terminal.type("/join #room\r")
    terminal.expectScreen("the prompt naming the channel") { $0.cursorLine == "#room >" }
    terminal.type("/msg Carol hi\r")
    // Carol answers in her private chat, which is not the active one: one unread there.
    terminal.expectScreen("Carol's reply counted as unread") {
      $0.cursorLine == "#room (Carol 1) >"
    }
    #expect(terminal.screen.text.contains("[Carol] < Carol: "), "\(terminal.report)")
    let before = terminal.screen.lines.filter { !$0.isEmpty }.dropLast()
    terminal.type("/switch Carol\r")
    terminal.expectScreen("the prompt naming the private chat") { $0.cursorLine == "Carol >" }
    // Nothing above the prompt was reprinted or lost: the old lines are still there, once.
    let after = terminal.screen.lines
    #expect(after.starts(with: before), "\(terminal.report)")
    #expect(after.count { $0.contains("-- you joined") } == 1, "\(terminal.report)")
    #expect(after.contains { $0.hasSuffix("[Carol] -- now talking here") }, "\(terminal.report)")
    terminal.type("/switch 1\r")
    terminal.expectScreen("the first conversation active") {
      $0.cursorLine == "Conversation >"
    }
  }
}
