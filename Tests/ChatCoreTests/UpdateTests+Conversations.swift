import FoundationEssentials
import Testing

@testable import ChatCore

let room = ConversationName("#room")
let carol = ConversationName("Carol")

/// A connected state in the channel #room (position 1, active), whose members are you,
/// Person B and Bob.
func inRoom() -> AppState {
  var state = connected()
  state = update(state, .session(.joined(room, time: at(100))))
  return update(
    state, .session(.membersListed(room, ["Person B", "Bob"].map { Member($0) }, time: at(100))))
}

/// A message from `sender` in `conversation`.
func said(
  _ number: UInt8, _ text: String, by sender: String = "Person B",
  in conversation: ConversationName,
  _ milliseconds: Int64 = 0
) -> Message {
  Message(
    id: id(number), sender: sender, text: text, time: at(milliseconds), conversation: conversation)
}

/// Session events about conversations.
extension UpdateTests {
  @Test func joinedOpensTheChannelWithYouInItAndSwitchesToIt() {
    expectUpdate(connected(), .session(.joined(room, time: at(100)))) {
      let index = $0.conversations.open(room, kind: .channel)!
      $0.conversations.modify(at: index) { $0.members?.insert("PersonA", key: "persona") }
      $0.log(.opened(.channel), in: room, at: at(100))
      $0.conversations.activate(at: index)
      $0.log(.activated, in: room, at: at(100))
    }
  }

  @Test func joiningAChannelAlreadyOpenChangesNothing() {
    expectUpdate(inRoom(), .session(.joined(ConversationName("#ROOM"), time: at(200))))
  }

  @Test func joinedWithTheMostConversationsOpenIsRefusedWithANotice() {
    var state = connected()
    state.conversations = ConversationList(first: .initial, limit: 1)
    expectUpdate(
      state, .session(.joined(room, time: at(1))), effects: [.show(.tooManyConversations(limit: 1))]
    )
  }

  @Test func aFailedJoinIsToldAndOpensNothing() {
    expectUpdate(
      connected(), .session(.joinFailed(room, reason: "invite only", time: at(1))),
      effects: [.show(.joinFailed(room, reason: "invite only"))])
  }

  @Test func newNameRulesAreUsedFromThenOn() {
    var rules = NameRules()
    rules.caseMapping = .ascii
    rules.channelLength = 10
    let state = expectUpdate(connected(), .session(.nameRulesChanged(rules))) {
      $0.nameRules = rules
    }
    let long = "#" + String(repeating: "a", count: 10)
    expectUpdate(
      state, typed("/join " + long),
      effects: [.show(.badName(.tooLong(long, kind: .channel, limit: 10)))])
  }

  @Test func membersListedReplacesTheMembersAndKeepsYou() {
    var state = connected()
    state = update(state, .session(.joined(room, time: at(100))))
    expectUpdate(
      state, .session(.membersListed(room, ["Person B", "dave"].map { Member($0) }, time: at(100)))
    ) {
      var members = Members()
      for nick in ["Person B", "dave", "PersonA"] { members.insert(nick, key: nick.lowercased()) }
      $0.conversations.modify(at: 1) { $0.members = members }
      $0.log(.membersListed(count: 3), in: room, at: at(100))
    }
  }

  @Test func leftClosesTheChannelAndTheOneBeforeItBecomesActive() {
    expectUpdate(inRoom(), .session(.left(room, reason: "bye", time: at(500)))) {
      $0.conversations.close(at: 1)
      $0.log(.closed(reason: "bye"), in: room, at: at(500))
      $0.log(.activated, in: .initial, at: at(500))
    }
  }

  @Test func leavingAConversationNotOpenOrTheSessionsOwnChangesNothing() {
    expectUpdate(inRoom(), .session(.left(ConversationName("#other"), reason: nil, time: at(5))))
    expectUpdate(inRoom(), .session(.left(.initial, reason: nil, time: at(5))))
  }

  @Test func someoneJoiningOrLeavingChangesTheMembers() {
    let joined = expectUpdate(
      inRoom(), .session(.memberJoined(Member("Dave"), channel: room, time: at(7)))
    ) {
      $0.conversations.modify(at: 1) { $0.members?.insert("Dave", key: "dave") }
      $0.log(.memberJoined("Dave"), in: room, at: at(7))
    }
    expectUpdate(
      joined, .session(.memberLeft("DAVE", channel: room, reason: "lunch", time: at(8)))
    ) {
      $0.conversations.modify(at: 1) { _ = $0.members?.remove(key: "dave") }
      $0.log(.memberLeft("DAVE", reason: "lunch"), in: room, at: at(8))
    }
  }

  @Test func memberEventsForAChannelNotOpenOrSomeoneNotThereChangeNothing() {
    let other = ConversationName("#other")
    expectUpdate(inRoom(), .session(.memberJoined(Member("Dave"), channel: other, time: at(7))))
    expectUpdate(inRoom(), .session(.memberLeft("Dave", channel: other, reason: nil, time: at(7))))
    expectUpdate(inRoom(), .session(.memberLeft("Dave", channel: room, reason: nil, time: at(7))))
    expectUpdate(inRoom(), .session(.membersListed(other, ["x"].map { Member($0) }, time: at(7))))
    expectUpdate(inRoom(), .session(.topicChanged(other, topic: "t", by: nil, time: at(7))))
  }

  @Test func aQuitLeavesEveryChannelAndIsToldInTheirPrivateChat() {
    var state = inRoom()
    state = update(state, .user(.openedPrivateChat(with: "Bob", time: at(150))))
    let chat = ConversationName("Bob")
    expectUpdate(state, .session(.memberQuit("bob", reason: "gone", time: at(9)))) {
      $0.conversations.modify(at: 1) { _ = $0.members?.remove(key: "bob") }
      $0.log(.memberQuit("bob", reason: "gone"), in: room, at: at(9))
      $0.log(.memberQuit("bob", reason: "gone"), in: chat, at: at(9))
    }
  }

  @Test func aNickChangeRenamesTheMemberAndTheirPrivateChat() {
    var state = inRoom()
    state = update(state, .user(.openedPrivateChat(with: "Bob", time: at(150))))
    let renamed = ConversationName("Bee")
    expectUpdate(state, .session(.nickChanged(from: "Bob", to: "Bee", time: at(9)))) {
      $0.conversations.modify(at: 1) {
        _ = $0.members?.remove(key: "bob")
        $0.members?.insert("Bee", key: "bee")
      }
      $0.log(.memberRenamed(from: "Bob", to: "Bee"), in: room, at: at(9))
      $0.conversations.rename(at: 2, to: renamed)
      $0.log(.memberRenamed(from: "Bob", to: "Bee"), in: renamed, at: at(9))
    }
  }

  @Test func yourOwnNickChangeChangesYourName() {
    expectUpdate(inRoom(), .session(.nickChanged(from: "PersonA", to: "Alice", time: at(9)))) {
      $0.localName = "Alice"
      $0.conversations.modify(at: 1) {
        _ = $0.members?.remove(key: "persona")
        $0.members?.insert("Alice", key: "alice")
      }
      $0.log(.memberRenamed(from: "PersonA", to: "Alice"), in: room, at: at(9))
    }
  }

  @Test func aTopicChangeSetsTheChannelsTopic() {
    expectUpdate(inRoom(), .session(.topicChanged(room, topic: "release", by: "Dave", time: at(9))))
    {
      $0.conversations.modify(at: 1) { $0.topic = "release" }
      $0.log(.topicChanged("release", by: "Dave"), in: room, at: at(9))
    }
  }

  @Test func aMessageInAnotherConversationCountsAsUnreadButYourOwnDoesNot() {
    var state = inRoom()
    state = update(state, .user(.switched(to: "1", time: at(150))))
    let theirs = said(2, "hi", in: room, 200)
    let counted = expectUpdate(state, .session(.received(theirs))) {
      $0.enter(theirs, in: 1)
      #expect($0.conversations[1].unreadCount == 1)
    }
    #expect(counted.conversations[1].unreadCount == 1)
    // Yours, sent with /msg from elsewhere, is not news to you.
    var sending = update(
      counted, .user(.submitted(text: "/msg #room me", id: id(3), time: at(300))))
    var echo = said(3, "me", by: "PersonA", in: room, 400)
    echo.isLocal = true
    sending = expectUpdate(
      sending, .session(.echoed(echo)), effects: [.cancel(.deliveryTimeout(id(3)))]
    ) {
      $0.outbox = []
      $0.enter(echo, in: 1)
    }
    #expect(sending.conversations[1].unreadCount == 1)
  }

  @Test func aMessageForANewPrivateChatOpensItUnread() {
    let message = said(2, "psst", by: "Carol", in: carol, 50)
    expectUpdate(AppState(), .session(.received(message))) {
      _ = $0.conversations.open(carol, kind: .privateChat)
      $0.log(.opened(.privateChat), in: carol, at: at(50))
      $0.enter(message, in: 1)
    }
  }

  @Test func aMessageForAChannelNotOpenOrWhenFullGoesToTheSessionsOwnConversation() {
    let message = said(2, "psst", in: ConversationName("#elsewhere"), 50)
    expectUpdate(AppState(), .session(.received(message))) { $0.enter(message) }
    var full = AppState()
    full.conversations = ConversationList(first: .initial, limit: 1)
    let chat = said(3, "psst", by: "Carol", in: carol, 50)
    expectUpdate(full, .session(.received(chat))) { $0.enter(chat) }
  }

  @Test func eachConversationReadsItsOwnMessagesWhileTheSharedCapKeepsThem() {
    var state = AppState(scrollback: 3)
    state = update(state, .session(.joined(room, time: at(0))))
    for number in UInt8(1)...5 {
      let conversation = number % 2 == 0 ? room : .initial
      state = update(state, .session(.received(said(number, "m\(number)", in: conversation))))
    }
    // Kept: m3, m4, m5. The room had m2 and m4; m2 is gone with the cap.
    #expect(state.messages(in: state.conversations[1]).map(\.text) == ["m4"])
    #expect(state.messages(in: state.conversations[0]).map(\.text) == ["m3", "m5"])
    #expect(state.conversations[0].unreadCount == 3)
  }

  @Test func textTypedInAChannelGoesToThatChannel() {
    let message = Message(
      id: id(5), sender: "PersonA", text: "hello room", time: at(300), isLocal: true,
      conversation: room)
    expectUpdate(
      inRoom(), .user(.submitted(text: "hello room", id: id(5), time: at(300))),
      effects: sent(message)
    ) {
      $0.outbox = [message]
      $0.sentCount = 1
    }
  }
}
