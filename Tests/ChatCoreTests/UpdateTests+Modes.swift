import FoundationEssentials
import Testing

@testable import ChatCore

/// Modes and invitations: ranks kept with the members, each change shown where it happened.
extension UpdateTests {
  @Test func aModeChangeUpdatesRanksAndIsShownInTheChannel() {
    let ranks = [
      RankChange("Bob", prefix: "@", isGiven: true),
      RankChange("nobody", prefix: "@", isGiven: true),
    ]
    expectUpdate(
      inRoom(),
      .session(
        .modesChanged(room, modes: "+oo Bob nobody", by: "Person B", ranks: ranks, time: at(200)))
    ) {
      $0.conversations.modify(at: 1) { _ = $0.members?.setPrefix("@", held: true, key: "bob") }
      $0.log(.modesChanged("+oo Bob nobody", by: "Person B"), in: room, at: at(200))
    }
    let state = update(
      inRoom(),
      .session(.modesChanged(room, modes: "+o Bob", by: "Person B", ranks: ranks, time: at(200))))
    #expect(state.conversations[1].members?.listed.first == Member("Bob", prefixes: "@"))
    expectUpdate(
      inRoom(),
      .session(
        .modesChanged(ConversationName("#gone"), modes: "+m", by: "x", ranks: [], time: at(1))))
  }

  @Test func anInvitationIsShownInItsChannelOrElseInTheFirstConversation() {
    expectUpdate(
      inRoom(),
      .session(.invited("Carol", channel: ConversationName("#ROOM"), by: "Bob", time: at(3)))
    ) {
      $0.log(.invited("Carol", channel: "#ROOM", by: "Bob"), in: room, at: at(3))
    }
    expectUpdate(
      inRoom(),
      .session(.invited("PERSONA", channel: ConversationName("#x"), by: "Bob", time: at(3)))
    ) {
      $0.log(.invited(nil, channel: "#x", by: "Bob"), in: .initial, at: at(3))
    }
  }
}
