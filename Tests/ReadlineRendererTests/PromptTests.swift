import ChatCore
import FoundationEssentials
import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(2))) struct PromptTests {
  static func state(outbox: Int = 0, held: Int = 0, phase: AppState.Phase = .active)
    -> AppState
  {
    var state = AppState()
    let draft = Message(id: UUID(), sender: "PersonA", text: "x", time: .virtualEpoch)
    state.outbox = PendingQueue(Array(repeating: draft, count: outbox))
    state.unsent = Array(repeating: draft, count: held)
    state.phase = phase
    return state
  }

  @Test func nothingInFlightIsAPlainPrompt() {
    #expect(Prompt(for: Self.state(), color: true) == .plain)
    #expect(Prompt.plain.text == "> ")
  }

  @Test func messagesInFlightAreCounted() {
    let prompt = Prompt(for: Self.state(outbox: 1, held: 1), color: false)
    #expect(prompt.text == "[2 pending] > ")
    #expect(prompt.columns == prompt.text.count)
  }

  @Test func leavingIsShown() {
    let prompt = Prompt(for: Self.state(held: 1, phase: .draining), color: false)
    #expect(prompt.text == "[leaving, 1 pending] > ")
  }

  @Test func colourInThePromptIsMarkedInvisibleForReadline() {
    let prompt = Prompt(for: Self.state(outbox: 3), color: true)
    #expect(prompt.text == "\u{1}\u{1B}[2m\u{2}[3 pending]\u{1}\u{1B}[0m\u{2} > ")
    #expect(prompt.columns == "[3 pending] > ".count)
  }
}
