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

/// `account-notify`, `chghost`, `setname` and `extended-join`: what the network says of
/// someone is kept with the members and told where they are, once.
@Suite(.timeLimit(.minutes(10)))
struct UpdateMemberChangesTests {
  @Test(arguments: [
    MemberChange.account("bobby"), .account(nil), .host(user: "b", host: "new.example"),
    .realName("Bob Smith"),
  ])
  func aChangeIsKeptInEveryChannelAndToldInEachAndTheirPrivateChat(_ change: MemberChange) {
    let state = withBobAround()
    // Logging out when not known to be logged in changes nothing.
    if change == .account(nil) {
      expectUpdate(state, .session(.memberChanged("bob", change, time: at(9))))
      return
    }
    expectUpdate(state, .session(.memberChanged("bob", change, time: at(9)))) {
      $0.conversations.modify(at: 1) { _ = $0.members?.apply(change, key: "bob") }
      $0.conversations.modify(at: 2) { _ = $0.members?.apply(change, key: "bob") }
      $0.log(.memberChanged("bob", change), in: room, at: at(9))
      $0.log(.memberChanged("bob", change), in: other, at: at(9))
      $0.log(.memberChanged("bob", change), in: ConversationName("Bob"), at: at(9))
    }
    let changed = update(state, .session(.memberChanged("bob", change, time: at(9))))
    let bob = changed.conversations[1].members?.member(key: "bob")
    switch change {
    case .account(let account): #expect(bob?.account == account)
    case .host(let user, let host): #expect(bob?.userHost == user + "@" + host)
    case .realName(let name): #expect(bob?.realName == name)
    }
    // The same again is no news.
    expectUpdate(changed, .session(.memberChanged("Bob", change, time: at(10))))
  }

  @Test func someoneInNoConversationChangesNothing() {
    expectUpdate(withBobAround(), .session(.memberChanged("Zed", .account("z"), time: at(9))))
  }

  @Test func aJoinWithAnAccountKeepsItAndNamesShowsIt() {
    let bee = Member("Bee", account: "bee", realName: "Bee Keeper")
    var state = update(withBobAround(), .session(.memberJoined(bee, channel: room, time: at(14))))
    #expect(state.conversations[1].members?.member(key: "bee") == bee)
    // A names list again (a relink) keeps the account and real name it does not say.
    let again = ["Bee", "Bob", "Person B", "PersonA"].map { Member($0) }
    state = update(state, .session(.membersListed(room, again, time: at(15))))
    #expect(state.conversations[1].members?.member(key: "bee") == bee)
  }
}
