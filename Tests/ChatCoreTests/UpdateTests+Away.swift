import Testing

@testable import ChatCore

private let other = ConversationName("#other")

/// #room (Person B, Bob) and #other (Bob, Dave), with a private chat with Bob; #room active.
private func withBobAround() -> AppState {
  var state = inRoom()
  state = update(state, .session(.joined(other, time: at(110))))
  state = update(
    state, .session(.membersListed(other, ["Bob", "Dave"].map { Member($0) }, time: at(110))))
  state = update(state, .user(.switched(to: "#room", time: at(120))))
  return update(state, .user(.openedPrivateChat(with: "Bob", time: at(150))))
}

/// Bob away with "lunch" in both channels of `withBobAround()`.
private func bobAtLunch() -> AppState {
  update(withBobAround(), .session(.memberAwayChanged("Bob", message: "lunch", time: at(9))))
}

@Suite(.timeLimit(.minutes(10)))
struct UpdateAwayTests {
  @Test func goingAwayMarksTheMemberInEveryChannelAndIsToldInEachAndTheirPrivateChat() {
    let chat = ConversationName("Bob")
    let state = withBobAround()
    expectUpdate(state, .session(.memberAwayChanged("bob", message: "lunch", time: at(9)))) {
      $0.conversations.modify(at: 1) { _ = $0.members?.setAway(key: "bob", message: "lunch") }
      $0.conversations.modify(at: 2) { _ = $0.members?.setAway(key: "bob", message: "lunch") }
      $0.log(.memberAwayChanged("bob", message: "lunch"), in: room, at: at(9))
      $0.log(.memberAwayChanged("bob", message: "lunch"), in: other, at: at(9))
      $0.log(.memberAwayChanged("bob", message: "lunch"), in: chat, at: at(9))
    }
    #expect(bobAtLunch().conversations[1].members?.awayMessage(key: "bob") == "lunch")
    #expect(bobAtLunch().conversations[2].members?.awayMessage(key: "dave") == nil)
  }

  @Test func comingBackClearsTheMarkAndIsToldToo() {
    let chat = ConversationName("Bob")
    expectUpdate(bobAtLunch(), .session(.memberAwayChanged("Bob", message: nil, time: at(10)))) {
      $0.conversations.modify(at: 1) { _ = $0.members?.setAway(key: "bob", message: nil) }
      $0.conversations.modify(at: 2) { _ = $0.members?.setAway(key: "bob", message: nil) }
      $0.log(.memberAwayChanged("Bob", message: nil), in: room, at: at(10))
      $0.log(.memberAwayChanged("Bob", message: nil), in: other, at: at(10))
      $0.log(.memberAwayChanged("Bob", message: nil), in: chat, at: at(10))
    }
  }

  @Test func theSameStateAgainOrSomeoneInNoConversationChangesNothing() {
    expectUpdate(bobAtLunch(), .session(.memberAwayChanged("Bob", message: "lunch", time: at(11))))
    expectUpdate(withBobAround(), .session(.memberAwayChanged("Bob", message: nil, time: at(11))))
    expectUpdate(withBobAround(), .session(.memberAwayChanged("Zed", message: "x", time: at(11))))
  }

  @Test func namesMarksWhoIsAway() {
    let members = Effect.show(
      .members(room, [Member("Bob", awayMessage: "lunch"), Member("Person B"), Member("PersonA")]))
    let state = update(bobAtLunch(), .user(.switched(to: "#room", time: at(12))))
    expectUpdate(
      state, .user(.submitted(text: "/names", id: id(9), time: at(13))), effects: [members])
  }

  @Test func theMarkFollowsARenameAndGoesWithTheMember() {
    var state = update(bobAtLunch(), .session(.nickChanged(from: "Bob", to: "Bee", time: at(12))))
    #expect(state.conversations[1].members?.awayMessage(key: "bee") == "lunch")
    #expect(state.conversations[1].members?.awayMessage(key: "bob") == nil)
    state = update(state, .session(.memberLeft("Bee", channel: room, reason: nil, time: at(13))))
    state = update(state, .session(.memberJoined(Member("Bee"), channel: room, time: at(14))))
    #expect(state.conversations[1].members?.awayMessage(key: "bee") == nil)
    #expect(state.conversations[2].members?.awayMessage(key: "bee") == "lunch")
  }

  @Test func aNewListOfMembersKeepsWhoIsAway() {
    let state = update(
      bobAtLunch(),
      .session(.membersListed(room, ["Bob", "Person B"].map { Member($0) }, time: at(12))))
    #expect(state.conversations[1].members?.awayMessage(key: "bob") == "lunch")
  }
}
