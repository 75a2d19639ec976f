import Testing

@testable import ChatCore

private let servers = "irc1.test irc2.test"
private let other = ConversationName("#other")

/// #room (Person B, Bob, Eve) and #other (Bob, Dave), #room active.
private func inTwoRooms() -> AppState {
  var state = inRoom()
  state = update(
    state,
    .session(.membersListed(room, ["Person B", "Bob", "Eve"].map { Member($0) }, time: at(100))))
  state = update(state, .session(.joined(other, time: at(110))))
  state = update(
    state, .session(.membersListed(other, ["Bob", "Dave"].map { Member($0) }, time: at(110))))
  return update(state, .user(.switched(to: "#room", time: at(120))))
}

/// Netsplits and relinks: one event per conversation for everyone at once.
extension UpdateTests {
  @Test func aNetsplitRemovesEveryoneFromEachChannelWithOneEventPerChannel() {
    let state = inTwoRooms()
    expectUpdate(
      state, .session(.netsplit(servers: servers, nicks: ["bob", "EVE", "Dave"], time: at(9)))
    ) {
      $0.conversations.modify(at: 1) {
        _ = $0.members?.remove(key: "bob")
        _ = $0.members?.remove(key: "eve")
      }
      $0.log(.netsplit(nicks: ["bob", "EVE"], servers: servers), in: room, at: at(9))
      $0.conversations.modify(at: 2) {
        _ = $0.members?.remove(key: "bob")
        _ = $0.members?.remove(key: "dave")
      }
      $0.log(.netsplit(nicks: ["bob", "Dave"], servers: servers), in: other, at: at(9))
    }
  }

  @Test func aNetsplitIsToldInThePrivateChatOfSomeoneInIt() {
    var state = inRoom()
    state = update(state, .user(.openedPrivateChat(with: "Bob", time: at(150))))
    let chat = ConversationName("Bob")
    expectUpdate(state, .session(.netsplit(servers: servers, nicks: ["Zed", "bob"], time: at(9)))) {
      $0.conversations.modify(at: 1) { _ = $0.members?.remove(key: "bob") }
      $0.log(.netsplit(nicks: ["bob"], servers: servers), in: room, at: at(9))
      $0.log(.netsplit(nicks: ["bob"], servers: servers), in: chat, at: at(9))
    }
  }

  @Test func aNetsplitOfNobodyHereChangesNothing() {
    expectUpdate(
      inTwoRooms(), .session(.netsplit(servers: servers, nicks: ["Zed", "Yan"], time: at(9))))
    expectUpdate(inTwoRooms(), .session(.netsplit(servers: servers, nicks: [], time: at(9))))
  }

  @Test func aNetjoinAddsTheMembersWithOneEvent() {
    var state = inTwoRooms()
    state = update(
      state, .session(.netsplit(servers: servers, nicks: ["Bob", "Eve"], time: at(9))))
    expectUpdate(
      state,
      .session(.netjoin(servers: servers, nicks: ["Bob", "Eve"], channel: room, time: at(20)))
    ) {
      $0.conversations.modify(at: 1) {
        $0.members?.insert("Bob", key: "bob")
        $0.members?.insert("Eve", key: "eve")
      }
      $0.log(.netjoin(nicks: ["Bob", "Eve"], servers: servers), in: room, at: at(20))
    }
  }

  @Test func aNetjoinNamesOnlyThoseNotAlreadyMembers() {
    var state = inTwoRooms()
    state = update(state, .session(.netsplit(servers: servers, nicks: ["Eve"], time: at(9))))
    expectUpdate(
      state,
      .session(
        .netjoin(
          servers: servers, nicks: ["BOB", "Eve"], channel: ConversationName("#ROOM"), time: at(20))
      )
    ) {
      $0.conversations.modify(at: 1) { $0.members?.insert("Eve", key: "eve") }
      $0.log(.netjoin(nicks: ["Eve"], servers: servers), in: room, at: at(20))
    }
  }

  @Test func aNetjoinOfMembersOrInAChannelNotOpenChangesNothing() {
    let state = inTwoRooms()
    expectUpdate(
      state, .session(.netjoin(servers: servers, nicks: ["Bob"], channel: room, time: at(20))))
    expectUpdate(
      state,
      .session(
        .netjoin(servers: servers, nicks: ["Zed"], channel: ConversationName("#gone"), time: at(20))
      ))
    expectUpdate(
      state,
      .session(
        .netjoin(servers: servers, nicks: ["Zed"], channel: ConversationName("Bob"), time: at(20))))
  }
}
