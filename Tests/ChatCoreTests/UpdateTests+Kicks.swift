import FoundationEssentials
import Testing

@testable import ChatCore

/// Kicks: a kick is its own event (who removed whom, and why), not a part with made-up words.
extension UpdateTests {
  @Test(arguments: [nil, "spam"])
  func aMemberKickedLeavesTheChannelAndTheKickIsShownThere(reason: String?) {
    expectUpdate(
      inRoom(),
      .session(.memberKicked("BOB", channel: room, by: "Person B", reason: reason, time: at(200)))
    ) {
      $0.conversations.modify(at: 1) { _ = $0.members?.remove(key: "bob") }
      $0.log(.kicked("BOB", by: "Person B", reason: reason), in: room, at: at(200))
    }
  }

  @Test func aKickOfSomeoneNotThereOrInAChannelNotOpenChangesNothing() {
    expectUpdate(
      inRoom(),
      .session(.memberKicked("Dave", channel: room, by: "Bob", reason: nil, time: at(200))))
    expectUpdate(
      inRoom(),
      .session(
        .memberKicked(
          "Bob", channel: ConversationName("#gone"), by: "x", reason: nil, time: at(200))))
  }

  @Test func beingKickedClosesTheChannelSaidAsAKickAndThePromptFallsBack() {
    let state = expectUpdate(
      inRoom(), .session(.kicked(room, by: "Bob", reason: "out", time: at(200)))
    ) {
      $0.log(.kicked(nil, by: "Bob", reason: "out"), in: room, at: at(200))
      $0.conversations.close(at: 1)
      $0.log(.closed(reason: "out"), in: room, at: at(200))
      $0.log(.activated, in: .initial, at: at(200))
    }
    #expect(state.conversations.active.name == .initial)
    // A kick from a channel no longer open (a second KICK line) changes nothing.
    expectUpdate(state, .session(.kicked(room, by: "Bob", reason: nil, time: at(300))))
  }

  @Test func beingKickedAnswersAPartAwaited() {
    var state = update(inOps(), typed("/part #ops", 2, 300))
    #expect(!state.channelRequests.isEmpty)
    state = update(state, .session(.kicked(ops, by: "alice", reason: nil, time: at(310))))
    #expect(state.channelRequests.isEmpty)
    #expect(state.conversations.active.name == server)
  }
}
