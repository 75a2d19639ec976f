import ChatCore
import ChatRendering
import Testing

@testable import ScreenRenderer

/// Kicks on the full screen: a member's in the channel's pane; yours, since the channel
/// closes, in the conversation you are left in, naming the channel.
@Suite struct ScreenKickTests {
  @Test func aMembersKickIsShownInTheChannel() {
    var (model, state) = ScreenModelTests.twoChannels()
    _ = update(
      &state,
      .session(
        .memberKicked(
          "bob", channel: ConversationName("#a"), by: "carol", reason: "spam",
          time: ScreenModelTests.time)))
    model.note(state)
    let text = model.paint(state, width: 90, height: 8).grid.text
    #expect(text.contains("12:00:00 -- carol removed bob (spam)"), "\(text)")
    #expect(!text.contains("│bob"), "bob is still listed\n\(text)")
  }

  @Test func yourKickIsShownWhereYouAreLeft() {
    var (model, state) = ScreenModelTests.twoChannels()
    _ = update(
      &state,
      .session(
        .kicked(
          ConversationName("#a"), by: "carol", reason: "out", time: ScreenModelTests.time)))
    model.note(state)
    let text = model.paint(state, width: 90, height: 8).grid.text
    #expect(text.contains("12:00:00 -- #a: carol removed you (out)"), "\(text)")
    #expect(!text.contains("2.#a"), "#a is still listed\n\(text)")
  }
}
