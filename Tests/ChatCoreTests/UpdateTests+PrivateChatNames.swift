import FoundationEssentials
import Testing

@testable import ChatCore

/// One private chat per person, whatever letters name them: named as the network spells the
/// nick once one of their messages shows it.
extension UpdateTests {
  @Test func aReplyFromTheNickInOtherLettersRenamesTheChatAndStaysInIt() {
    var state = update(connected(), typed("/msg BOBBY hi", 3))
    #expect(state.conversations.map(\.name.text) == ["Conversation", "BOBBY"])
    var echo = state.outbox[0]
    echo.time = at(600)
    state = update(state, .session(.echoed(echo)))
    let events = state.eventCount
    state = update(
      state, .session(.received(said(4, "hey", by: "bobby", in: ConversationName("bobby")))))
    #expect(state.conversations.map(\.name.text) == ["Conversation", "bobby"])
    #expect(
      state.events.suffix(state.eventCount - events).map(\.change) == [
        .memberRenamed(from: "BOBBY", to: "bobby")
      ])
    // Every later line is the chat's, under its one name: ours as sent, theirs as spelled.
    state = update(state, typed("/msg BOBBY again", 5))
    #expect(state.outbox.last?.conversation.text == "bobby")
    state = update(
      state, .session(.received(said(6, "ok", by: "bobby", in: ConversationName("BOBBY")))))
    #expect(state.messages.last?.conversation.text == "bobby")
    #expect(state.conversations.map(\.name.text) == ["Conversation", "bobby"])
    #expect(state.conversations[1].messageNumbers.count == 3)
  }

  @Test func aChannelsNameIsNeverRespelledByAMessage() {
    let state = update(
      inRoom(), .session(.received(said(4, "hey", by: "Bob", in: ConversationName("#ROOM")))))
    #expect(state.conversations[1].name == room)
    #expect(state.messages.last?.conversation == room)
  }
}
