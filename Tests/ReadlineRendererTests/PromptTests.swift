import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(10))) struct PromptTests {
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

/// The prompt with conversations: the active one, and the others' unread counts.
@Suite(.timeLimit(.minutes(10))) struct ConversationPromptTests {
  static let time = Timestamp.virtualEpoch

  /// Runs `steps`, noting each change in one activity list as the terminal renderer does,
  /// and returns the prompt after the last.
  static func prompt(color: Bool = false, _ steps: [(inout AppState) -> Void]) -> Prompt {
    var state = AppState()
    state.sessionStatus = .connected
    var tracker = ChangeTracker()
    var activity = UnreadActivity()
    _ = tracker.changes(in: state)
    for step in steps {
      step(&state)
      activity.note(tracker.changes(in: state), in: state)
    }
    return Prompt(for: state, activity: &activity, color: color)
  }

  static func join(_ name: String) -> (inout AppState) -> Void {
    { _ = update(&$0, .session(.joined(ConversationName(name), time: time))) }
  }

  static func receive(_ n: UInt8, in name: String) -> (inout AppState) -> Void {
    { state in
      let id = UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
      let message = Message(
        id: id, sender: "Bob", text: "x", time: time, conversation: ConversationName(name))
      _ = update(&state, .session(.received(message)))
    }
  }

  @Test func oneConversationKeepsThePlainPrompt() {
    #expect(Self.prompt([Self.receive(1, in: "Conversation")]) == .plain)
  }

  @Test func namesTheActiveConversationAndTheOthersUnreadCounts() {
    let prompt = Self.prompt([
      Self.join("#a"), Self.join("#b"), Self.receive(1, in: "#a"), Self.receive(2, in: "#a"),
      Self.receive(3, in: "Conversation"), Self.receive(4, in: "#b"),
    ])
    #expect(prompt.text == "#b (#a 2, Conversation 1) > ")
    #expect(prompt.columns == prompt.text.count)
  }

  @Test func switchingReadsTheConversationAndDropsItFromTheList() {
    let prompt = Self.prompt([
      Self.join("#a"), Self.join("#b"), Self.receive(1, in: "#a"),
      Self.receive(2, in: "Conversation"),
      { _ = update(&$0, .user(.switched(to: "#a", time: Self.time))) },
    ])
    #expect(prompt.text == "#a (Conversation 1) > ")
  }

  @Test func atMostFourAreNamedAndTheRestCounted() {
    var steps: [(inout AppState) -> Void] = (1...6).map { Self.join("#c\($0)") }
    steps += (1...5).map { Self.receive(UInt8($0), in: "#c\($0)") }
    steps.append { state in state.phase = .draining }
    let prompt = Self.prompt(steps)
    #expect(prompt.text == "#c6 (#c1 1, #c2 1, #c3 1, #c4 1, +1) [leaving] > ")
  }

  @Test func hostileNamesAreSanitisedAndColourIsInvisibleToReadline() {
    let prompt = Self.prompt(color: true, [Self.join("#\u{202E}x")])
    #expect(!prompt.text.unicodeScalars.contains("\u{202E}"))
    #expect(prompt.text.contains("#<U+202E>x"))
    #expect(prompt.columns == "#<U+202E>x > ".count)
    #expect(prompt.text.hasPrefix("\u{1}\u{1B}["))
  }
}

extension ConversationPromptTests {
  static func mention(_ n: UInt8, in name: String) -> (inout AppState) -> Void {
    { state in
      let id = UUID(uuid: (n, 1, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
      let message = Message(
        id: id, sender: "Bob", text: "PersonA!", time: time, conversation: ConversationName(name),
        isMention: true)
      _ = update(&state, .session(.received(message)))
    }
  }

  @Test func mentionsAreCountedApartAndMarked() {
    let prompt = Self.prompt([
      Self.join("#a"), Self.join("#b"), Self.receive(1, in: "#a"), Self.receive(2, in: "#a"),
      Self.mention(3, in: "#a"), Self.mention(4, in: "Conversation"), Self.receive(5, in: "#b"),
    ])
    #expect(prompt.text == "#b (#a 2+1!, Conversation 1!) > ")
    #expect(prompt.columns == prompt.text.count)
  }
}
