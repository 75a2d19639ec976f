import Testing

@testable import ChatCore

private let renamed = ConversationName("#new")

/// `draft/channel-rename`: the conversation keeps its messages, members and unread counts
/// under its new name; a rename into a taken or invalid name is refused and said.
@Suite(.timeLimit(.minutes(10))) struct UpdateRenameTests {
  /// #room with a message from Person B and one unread, #other active.
  private func withUnread() -> AppState {
    var state = inRoom()
    state = update(state, .session(.joined(ConversationName("#other"), time: at(110))))
    return update(state, .session(.received(said(1, "hi", in: room, 200))))
  }

  @Test func aRenamedChannelKeepsEverythingUnderItsNewName() {
    let state = withUnread()
    let after = expectUpdate(
      state, .session(.channelRenamed(room, to: renamed, reason: "tidy", time: at(300)))
    ) {
      $0.conversations.rename(at: 1, to: renamed)
      $0.log(.renamed(from: "#room", reason: "tidy"), in: renamed, at: at(300))
    }
    #expect(after.conversations[1].unreadCount == 1)
    #expect(after.conversations[1].members?.contains(key: "bob") == true)
    #expect(after.messages(in: after.conversations[1]).map(\.text) == ["hi"])
    #expect(after.conversations.index(of: room) == nil)
    #expect(after.conversations.index(of: ConversationName("#NEW")) == 1)
  }

  @Test(arguments: ["#other", "nochannel"])
  func aRenameIntoATakenOrInvalidNameIsRefused(_ name: String) {
    let state = withUnread()
    var changed = state
    let effects = update(
      &changed,
      .session(.channelRenamed(room, to: ConversationName(name), reason: nil, time: at(300))))
    #expect(changed == state)
    guard effects.count == 1, case .show(.session(.refused(let reason), _))? = effects.first else {
      Issue.record("\(effects)")
      return
    }
    #expect(reason.contains("kept as it was"))
  }

  @Test func aRenameOfAChannelNotOpenChangesNothing() {
    expectUpdate(
      withUnread(),
      .session(
        .channelRenamed(ConversationName("#gone"), to: renamed, reason: nil, time: at(300))))
  }

  @Test func aPendingPartFollowsTheNewName() {
    var state = withUnread()
    state = update(state, typed("/part #room"))
    state = update(state, .session(.channelRenamed(room, to: renamed, reason: nil, time: at(300))))
    #expect(state.channelRequests == [ChannelRequest(.part, renamed)])
  }
}

/// WHOX on joining: what it says of the members is kept silently.
@Suite(.timeLimit(.minutes(10))) struct UpdateMembersDescribedTests {
  @Test func aWhoKeepsAccountsAndAwayWithoutALine() {
    var state = inRoom()
    state = update(state, .session(.memberAwayChanged("Bob", message: "lunch", time: at(150))))
    let described = [
      Member("bob", account: "bobby", awayMessage: "", user: "b", host: "h", realName: "Bob"),
      Member("Person B", awayMessage: nil), Member("stranger", account: "x"),
    ]
    let after = expectUpdate(state, .session(.membersDescribed(room, described, time: at(200)))) {
      $0.conversations.modify(at: 1) { conversation in
        _ = conversation.members?.describe(described[0], key: "bob")
      }
    }
    let bob = after.conversations[1].members?.member(key: "bob")
    #expect(bob?.account == "bobby" && bob?.awayMessage == "lunch" && bob?.host == "h")
    #expect(after.conversations[1].members?.contains(key: "stranger") == false)
  }
}
