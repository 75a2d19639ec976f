import ChatCore
import FoundationEssentials
import Testing

@testable import ReadlineRenderer

/// On a server the prompt shows your nick at all times, and follows it when it changes.
@Suite(.timeLimit(.minutes(10))) struct NickPromptTests {
  static func onServer() -> AppState {
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    state.sessionStatus = .connected
    return state
  }

  @Test func theNickComesFirstAndFollowsAChange() {
    var state = Self.onServer()
    #expect(Prompt(for: state, color: false).text == "[alice] > ")
    _ = update(&state, .session(.joined(ConversationName("#ops"), time: .virtualEpoch)))
    #expect(Prompt(for: state, color: false).text == "[alice] #ops > ")
    _ = update(&state, .session(.nickChanged(from: "alice", to: "al", time: .virtualEpoch)))
    let prompt = Prompt(for: state, color: false)
    #expect(prompt.text == "[al] #ops > ")
    #expect(prompt.columns == prompt.text.count)
  }

  @Test func theNickIsSanitisedAndItsColourHiddenFromReadline() {
    var state = Self.onServer()
    state.localName = "a\u{1B}[2Jb"
    #expect(Prompt(for: state, color: false).text == "[a␛[2Jb] > ")
    let colored = Prompt(for: state, color: true)
    #expect(colored.columns == "[a␛[2Jb] > ".count)
    #expect(colored.text.contains("\u{1}"))
  }

  @Test func theSimulatedPeerHasNoNickInThePrompt() {
    #expect(Prompt(for: AppState(), color: false) == .plain)
  }
}
