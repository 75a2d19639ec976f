import ChatCore
import ChatRendering
import Testing

@testable import ReadlineRenderer

/// Someone typing in the active conversation is said in the prompt, first in its brackets.
@Suite struct TypingPromptTests {
  @Test func thePromptSaysWhoIsTypingInTheActiveConversation() {
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    let ops = ConversationName("#ops")
    _ = update(&state, .session(.joined(ops, time: .virtualEpoch)))
    #expect(Prompt(for: state, color: false).text == "[alice] #ops > ")
    _ = update(&state, .session(.memberTyping("bob", in: ops, .active, time: .virtualEpoch)))
    #expect(Prompt(for: state, color: false).text == "[alice] #ops [bob is typing] > ")
    _ = update(&state, .session(.memberTyping("bob", in: ops, .paused, time: .virtualEpoch)))
    #expect(Prompt(for: state, color: false).text == "[alice] #ops > ")
  }
}
