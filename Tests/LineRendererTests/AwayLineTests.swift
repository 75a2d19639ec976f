import ChatCore
import ChatRendering
import FoundationEssentials
import LineRenderer
import Testing

/// Line mode shows `away-notify` as a `--` line in each conversation the member is in, and
/// `/names` marks who is away.
@Suite(.timeLimit(.minutes(10))) struct AwayLineTests {
  @Test func goingAwayAndComingBackAreLinesAndNamesMarksTheAbsent() {
    let room = ConversationName("#chat")
    let time = ConversationLineTests.time
    let sink = MemorySink()
    let renderer = StreamRenderer(LineFormatter(), sink: sink)
    var state = AppState()
    state.sessionStatus = .connected
    try? renderer.start(state)
    let actions: [Action] = [
      .session(.joined(room, time: time)),
      .session(.membersListed(room, ["bob", "carol"].map { Member($0) }, time: time)),
      .session(.memberAwayChanged("bob", message: "lunch", time: time)),
      .user(.submitted(text: "/names", id: ConversationLineTests.id(1), time: time)),
      .session(.memberAwayChanged("bob", message: nil, time: time)),
      .user(.submitted(text: "/names", id: ConversationLineTests.id(2), time: time)),
    ]
    for action in actions {
      for effect in update(&state, action) {
        if case .show(let notice) = effect { try? renderer.show(notice, in: state) }
      }
      try? renderer.render(state)
    }
    #expect(
      sink.text == """
        Conversation
        12:00:00 [#chat] -- you joined
        12:00:00 [#chat] -- 3 members (/names lists them)
        12:00:00 [#chat] -- bob is away: lunch
        3 in #chat: bob (away) carol PersonA
        12:00:00 [#chat] -- bob is back
        3 in #chat: bob carol PersonA

        """)
  }

  @Test func theMessageIsSanitisedAndLosesItsCodesOnANetworkRun() {
    let room = ConversationName("#chat")
    let time = ConversationLineTests.time
    let text = ConversationLineTests.transcript([
      {
        $0.textMarkup = .ircFormatting
        _ = update(&$0, .session(.joined(room, time: time)))
      },
      { _ = update(&$0, .session(.membersListed(room, ["bob"].map { Member($0) }, time: time))) },
      {
        _ = update(
          &$0, .session(.memberAwayChanged("bob", message: "\u{2}out\u{2}\u{1B}[2J", time: time)))
      },
    ])
    #expect(text.contains("-- bob is away: out␛[2J\n"), "\(text)")
  }
}
