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

  @Test func yourTypingIsToldNoMoreThanOnceEveryThreeSeconds() {
    var state = typingInOps()
    let paused = Effect.schedule(.typingPaused, afterMilliseconds: 5000)
    #expect(update(&state, edited("h", 1000)) == [.perform(.sendTyping(ops, .active)), paused])
    #expect(update(&state, edited("he", 2000)) == [.cancel(.typingDue), paused])
    // Typing on: told again once 3 s have passed, so it does not expire where it is shown.
    #expect(update(&state, edited("hel", 4000)) == [.perform(.sendTyping(ops, .active)), paused])
    #expect(
      update(&state, .system(.timerFired(.typingPaused, time: at(9000))))
        == [.perform(.sendTyping(ops, .paused))])
    // A key within 3 s of the pause waits for the rest of the 3 s.
    #expect(
      update(&state, edited("hell", 10000))
        == [.schedule(.typingDue, afterMilliseconds: 2000), paused])
    #expect(
      update(&state, .system(.timerFired(.typingDue, time: at(12000))))
        == [.perform(.sendTyping(ops, .active))])
    // Cleared within 3 s: `done` waits too.
    #expect(
      update(&state, edited("", 13000))
        == [.cancel(.typingPaused), .schedule(.typingDue, afterMilliseconds: 2000)])
    #expect(
      update(&state, .system(.timerFired(.typingDue, time: at(15000))))
        == [.perform(.sendTyping(ops, .done))])
    #expect(update(&state, edited("", 15100)) == [])
  }

  @Test func sendingEndsYourTypingWithoutDone() {
    var state = update(typingInOps(), edited("hi", 1000))
    let effects = update(&state, typed("hi", 9, 1500))
    #expect(Array(effects.prefix(2)) == [.cancel(.typingPaused), .cancel(.typingDue)])
    #expect(effects.contains { if case .send = $0 { true } else { false } })
    #expect(state.ownTyping == nil)
    #expect(update(&state, edited("", 1500)) == [])
    // The next key is news at once.
    #expect(update(&state, edited("a", 1600)).first == .perform(.sendTyping(ops, .active)))
  }

  @Test func aCommandIsNotTypingButAMessageIs() {
    var state = update(typingInOps(), edited("hi", 1000))
    #expect(
      update(&state, edited("/join #x", 4500))
        == [.cancel(.typingPaused), .perform(.sendTyping(ops, .done))])
    #expect(update(&state, edited("/part", 4600)) == [])
    #expect(
      update(&state, edited("/me waves", 8000))
        == [.perform(.sendTyping(ops, .active)), .schedule(.typingPaused, afterMilliseconds: 5000)])
  }

  @Test func aLineThatNowGoesElsewhereEndsTheTypingWhereItWent() {
    var state = update(typingInOps(), .session(.joined(dev, time: at(100))))
    state = update(state, .user(.switched(to: "#ops", time: at(200))))
    state = update(state, edited("hi", 1000))
    state = update(state, .user(.switched(to: "#dev", time: at(5000))))
    #expect(
      update(&state, edited("hi!", 5000)) == [
        .cancel(.typingPaused), .cancel(.typingDue), .perform(.sendTyping(ops, .done)),
        .perform(.sendTyping(dev, .active)), .schedule(.typingPaused, afterMilliseconds: 5000),
      ])
  }

  @Test func withoutTypingOnOrInTheServersConversationNothingIsTold() {
    expectUpdate(typingInOps(sends: false), edited("hello", 1000))
    var state = onNetwork(joining: [])
    state.sendsTyping = true
    expectUpdate(state, edited("hello", 1000))
  }
}
