import FoundationEssentials
import Testing

@testable import ChatCore

/// A network run in #ops (active) where line mode tells your typing when `sends`.
private func typingInOps(sends: Bool = true) -> AppState {
  var state = inOps()
  state.sendsTyping = sends
  return state
}

private func typing(
  _ nick: String, _ state: TypingState, in name: ConversationName = ops, _ milliseconds: Int64
) -> Action {
  .session(.memberTyping(nick, in: name, state, time: at(milliseconds)))
}

private func edited(_ text: String, _ milliseconds: Int64) -> Action {
  .user(.lineEdited(text, time: at(milliseconds)))
}

/// Typing notifications: who else is typing (shown until they pause, stop, speak or go quiet
/// for 6 s, at most `Typists.limit` followed), and your own, told at most once every 3 s.
extension UpdateTests {
  @Test func someoneTypingIsFollowedAndLoggedOncePerChange() {
    var state = typingInOps()
    #expect(
      update(&state, typing("Bob", .active, 200))
        == [.schedule(.typingExpiry, afterMilliseconds: 6000)])
    #expect(state.typists.typing(in: ops) == ["Bob"])
    // More news of the same: nothing new to log.
    expectUpdate(state, typing("bob", .active, 2000)) {
      $0.typists.update(at: 0, state: .active, heardAt: at(2000))
    }
    expectUpdate(state, typing("Bob", .paused, 2000)) {
      $0.typists.update(at: 0, state: .paused, heardAt: at(2000))
      $0.log(.typing("Bob", .paused), in: ops, at: at(2000))
    }
    expectUpdate(state, typing("Bob", .done, 2000)) {
      $0.typists.remove(at: 0)
      $0.log(.typing("Bob", .done), in: ops, at: at(2000))
    }
  }

  @Test func theirMessageEndsTheirTyping() {
    var state = update(typingInOps(), typing("Bob", .active, 200))
    state = update(state, .session(.received(said(1, "hi", by: "Bob", in: ops, 300))))
    #expect(state.typists.all.isEmpty)
  }

  @Test func sixSecondsWithoutNewsIsDone() {
    var state = update(typingInOps(), typing("Bob", .active, 0))
    state = update(state, typing("Carol", .active, 4000))
    let fired = update(&state, .system(.timerFired(.typingExpiry, time: at(6000))))
    #expect(fired == [.schedule(.typingExpiry, afterMilliseconds: 4000)])
    #expect(state.typists.typing(in: ops) == ["Carol"])
    #expect(state.events.last == ConversationEvent(.typing("Bob", .done), in: ops, time: at(6000)))
    _ = update(&state, .system(.timerFired(.typingExpiry, time: at(10000))))
    #expect(state.typists.all.isEmpty && !state.typingExpiryRuns)
  }

  @Test func typingWhereNoConversationIsOpenIsNotFollowed() {
    expectUpdate(typingInOps(), typing("Bob", .active, in: ConversationName("#elsewhere"), 200))
    expectUpdate(typingInOps(), typing("Bob", .active, in: server, 200))
    expectUpdate(typingInOps(), typing("Bob", .done, 200))
  }

  @Test func aFloodOfTypistsIsCappedAndSaidOnce() {
    var state = typingInOps()
    for number in 0..<Typists.limit { state = update(state, typing("n\(number)", .active, 100)) }
    #expect(
      update(&state, typing("one-more", .active, 200)) == [.show(.tooManyTyping(limit: 32))])
    #expect(update(&state, typing("and-more", .active, 200)) == [])
    #expect(state.typists.all.count == Typists.limit)
  }

  @Test func yourTypingIsToldAtMostEveryThreeSecondsThenPausedThenDone() {
    var state = typingInOps()
    let paused = Effect.schedule(.typingPaused, afterMilliseconds: 5000)
    #expect(update(&state, edited("h", 1000)) == [.perform(.sendTyping(ops, .active)), paused])
    #expect(update(&state, edited("he", 2000)) == [paused])
    #expect(update(&state, edited("hel", 4000)) == [.perform(.sendTyping(ops, .active)), paused])
    #expect(
      update(&state, .system(.timerFired(.typingPaused, time: at(9000))))
        == [.perform(.sendTyping(ops, .paused))])
    // A key after the pause is news at once.
    #expect(update(&state, edited("hell", 9500)) == [.perform(.sendTyping(ops, .active)), paused])
    #expect(
      update(&state, edited("", 9600)) == [
        .cancel(.typingPaused), .perform(.sendTyping(ops, .done)),
      ])
    #expect(state.ownTyping == nil)
    #expect(update(&state, edited("", 9700)) == [])
  }

  @Test func aCommandIsNotTypingButAMessageIs() {
    var state = update(typingInOps(), edited("hi", 1000))
    #expect(
      update(&state, edited("/join #x", 1100))
        == [.cancel(.typingPaused), .perform(.sendTyping(ops, .done))])
    #expect(update(&state, edited("/part", 1200)) == [])
    #expect(
      update(&state, edited("/me waves", 1300))
        == [.perform(.sendTyping(ops, .active)), .schedule(.typingPaused, afterMilliseconds: 5000)])
  }

  @Test func withoutTypingOnOrInTheServersConversationNothingIsTold() {
    expectUpdate(typingInOps(sends: false), edited("hello", 1000))
    var state = onNetwork(joining: [])
    state.sendsTyping = true
    expectUpdate(state, edited("hello", 1000))
  }
}
