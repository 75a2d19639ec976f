import FoundationEssentials
import Testing

@testable import ChatCore

/// A network run in #ops (active) and #dev, where the user reads the active conversation as
/// it comes (line mode) when `reads`.
private func inOpsAndDev(reads: Bool = true) -> AppState {
  var state = update(inOps(), .session(.joined(dev, time: at(110))))
  state = update(state, .user(.switched(to: "#ops", time: at(120))))
  state.readsActiveConversation = reads
  return state
}

/// Read markers (`draft/read-marker`): what chat asks the server to mark read, at most once a
/// second per conversation, and what the server's marker does to the unread counts.
extension UpdateTests {
  @Test func whatArrivesInTheActiveConversationIsMarkedReadWithinASecond() {
    var state = inOpsAndDev()
    let first = update(&state, .session(.received(said(1, "one", by: "Bob", in: ops, 200))))
    #expect(first == [.schedule(.readMarkers, afterMilliseconds: 1000)])
    // A burst asks once, for the newest.
    let second = update(&state, .session(.received(said(2, "two", by: "Bob", in: ops, 300))))
    #expect(second == [])
    let fired = update(&state, .system(.timerFired(.readMarkers, time: at(1200))))
    #expect(fired == [.perform(.markRead(ops, upTo: at(300)))])
    #expect(!state.readMarkerTimerRuns)
  }

  @Test func aPipedRunMarksNothingByItself() {
    var state = inOpsAndDev(reads: false)
    let effects = update(&state, .session(.received(said(1, "one", by: "Bob", in: ops, 200))))
    #expect(effects == [])
    #expect(update(&state, .user(.switched(to: "#dev", time: at(300)))) == [])
  }

  @Test func whatArrivesElsewhereIsNotRead() {
    var state = inOpsAndDev()
    let effects = update(&state, .session(.received(said(1, "one", by: "Bob", in: dev, 200))))
    #expect(effects == [])
    #expect(state.conversations[2].unreadCount == 1)
  }

  @Test func switchingToAConversationMarksItReadAtOnceThenOnceASecond() {
    var state = inOpsAndDev()
    state = update(state, .session(.received(said(1, "one", by: "Bob", in: dev, 200))))
    let switched = update(&state, .user(.switched(to: "#dev", time: at(1000))))
    #expect(switched == [.perform(.markRead(dev, upTo: at(200)))])
    // Half a second later, a newer message read waits for the rest of the second.
    state = update(state, .user(.switched(to: "#ops", time: at(1100))))
    state = update(state, .session(.received(said(2, "two", by: "Bob", in: dev, 1200))))
    let again = update(&state, .user(.switched(to: "#dev", time: at(1500))))
    #expect(again == [.schedule(.readMarkers, afterMilliseconds: 500)])
    let fired = update(&state, .system(.timerFired(.readMarkers, time: at(2000))))
    #expect(fired == [.perform(.markRead(dev, upTo: at(1200)))])
  }

  @Test func aReadRequestMarksTheConversationNamedOrTheActiveOne() {
    var state = inOpsAndDev(reads: false)
    state = update(state, .session(.received(said(1, "one", by: "Bob", in: dev, 200))))
    state = update(state, .session(.received(said(2, "two", by: "Bob", in: ops, 300))))
    #expect(
      update(&state, requested(.read("#DEV"), 9, 400)) == [.perform(.markRead(dev, upTo: at(200)))])
    #expect(
      update(&state, requested(.read(nil), 9, 400)) == [.perform(.markRead(ops, upTo: at(300)))])
    // Nothing newer held: nothing to ask.
    #expect(update(&state, requested(.read("#dev"), 9, 3000)) == [])
    #expect(update(&state, requested(.read("#nowhere"), 9, 3000)) == [.show(.notOpen("#nowhere"))])
  }

  @Test func theServersMarkerClearsTheUnreadCountsUpToItsTime() {
    var state = inOpsAndDev()
    for (number, milliseconds) in [(1, 200), (2, 300)] as [(UInt8, Int64)] {
      state = update(
        state, .session(.received(said(number, "hi", by: "Bob", in: dev, milliseconds))))
    }
    var mention = said(3, "PersonA: look", by: "Bob", in: dev, 400)
    mention.isMention = true
    state = update(state, .session(.received(mention)))
    #expect(state.conversations[2].unreadCount == 3)
    expectUpdate(state, .session(.markedRead(dev, upTo: at(300)))) {
      $0.conversations.modify(at: 2) { $0.readMarker.time = at(300) }
      $0.conversations.setUnread(at: 2, count: 1, mentions: 1)
      $0.log(.read(unread: 1, mentions: 1), in: dev, at: at(300))
    }
  }

  @Test func anOlderMarkerOrOneForAConversationNotOpenChangesNothing() {
    var state = inOpsAndDev()
    state = update(state, .session(.received(said(1, "hi", by: "Bob", in: dev, 200))))
    state = update(state, .session(.markedRead(dev, upTo: at(150))))
    expectUpdate(state, .session(.markedRead(dev, upTo: at(100))))
    expectUpdate(state, .session(.markedRead(ConversationName("#nowhere"), upTo: at(900))))
    expectUpdate(state, .session(.markedRead(ConversationName("bob"), upTo: at(900))))
  }

  @Test func historyNewerThanTheMarkerIsUnreadAndOlderIsNot() {
    var state = update(inOpsAndDev(), .session(.markedRead(dev, upTo: at(300))))
    for (number, milliseconds) in [(1, 200), (2, 400)] as [(UInt8, Int64)] {
      var message = said(number, "earlier", by: "Bob", in: dev, milliseconds)
      message.isHistory = true
      state = update(state, .session(.received(message)))
    }
    #expect(state.conversations[2].unreadCount == 1)
    // With no marker known, history is never unread.
    var other = update(inOpsAndDev(), .session(.received(said(3, "x", by: "Bob", in: ops, 50))))
    var history = said(4, "earlier", by: "Bob", in: dev, 400)
    history.isHistory = true
    other = update(other, .session(.received(history)))
    #expect(other.conversations[2].unreadCount == 0)
  }
}
