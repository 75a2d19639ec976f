import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import ScreenRenderer

/// The status row says who is typing in the active conversation, and nothing of elsewhere.
@Suite struct ScreenTypingTests {
  @Test func theStatusRowSaysWhoIsTypingHere() {
    var (model, state) = ScreenModelTests.twoChannels()
    let time = ScreenModelTests.time
    _ = update(
      &state, .session(.memberTyping("bob", in: ConversationName("#a"), .active, time: time)))
    _ = update(
      &state, .session(.memberTyping("dave", in: ConversationName("#b"), .active, time: time)))
    model.note(state)
    let status = model.paint(state, width: 90, height: 7).grid.text.components(separatedBy: "\n")[5]
    #expect(status.contains("[bob is typing]"), "\(status)")
    #expect(!status.contains("dave"), "\(status)")
  }
}
