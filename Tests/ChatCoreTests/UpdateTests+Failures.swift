import FoundationEssentials
import Testing

@testable import ChatCore

/// Reasons travel in the action that reports a failure or a disconnect, and the core decides
/// what the user is told: one notice for a group failing for one reason, one for a single
/// failure, one for a connection's end; none sent beside by the session.
extension UpdateTests {
  /// A network run's state: the session confirms delivery itself, two messages pending.
  func twoPending() -> AppState {
    var state = connected()
    state.sessionConfirmsDelivery = true
    _ = update(&state, .user(.submitted(text: "one", id: id(1), time: at(0))))
    _ = update(&state, .user(.submitted(text: "two", id: id(2), time: at(0))))
    return state
  }

  @Test func aGroupFailingForOneReasonIsToldOnceAndEachKeepsTheReason() {
    let lost = "not sent: the connection was lost (gone)"
    // id 9 is not pending (delivered or failed before): neither failed again nor counted.
    expectUpdate(
      twoPending(),
      .session(.deliveryFailed(ids: [id(1), id(9), id(2)], reason: lost, time: at(7))),
      effects: [.show(.session(.notDelivered(count: 2, reason: lost), time: at(7)))]
    ) {
      $0.outbox = []
      $0.failed = [
        FailedMessage(own(1, "one", 7), reason: lost),
        FailedMessage(own(2, "two", 7), reason: lost),
      ]
    }
  }

  @Test func aFailureOfNothingPendingTellsNothing() {
    var state = twoPending()
    state = update(state, .session(.deliveryFailed(ids: [id(1)], reason: "refused", time: at(5))))
    expectUpdate(state, .session(.deliveryFailed(ids: [id(1)], reason: "again", time: at(6))))
  }

  @Test func theNoticeOfOneFailureReadsAsBefore() {
    var state = twoPending()
    let effects = ChatCore.update(
      &state,
      .session(
        .deliveryFailed(
          ids: [id(2)], reason: "the server refused it (401): No such nick", time: at(3))))
    guard case .show(.session(let notice, _)) = effects.last else {
      Issue.record("no notice: \(effects)")
      return
    }
    #expect(
      notice.description == "a message was not delivered: the server refused it (401): No such nick"
    )
    #expect(notice.kind == "not_delivered")
  }

  @Test(arguments: [
    (
      Disconnection.lost(reason: "ping timeout", retrying: true), true, "disconnected: ping timeout"
    ),
    (.lost(reason: "ping timeout", retrying: true), false, "disconnected: ping timeout"),
    (
      .lost(reason: "SASL refused", retrying: false), false,
      "disconnected: SASL refused (not retried)"
    ),
    (.attemptFailed(reason: "connection refused", retrying: true), true, "connection refused"),
    (
      .attemptFailed(reason: "untrusted issuer", retrying: false), false,
      "untrusted issuer (not retried)"
    ),
  ])
  func aConnectionsEndIsToldOnceFromItsAction(
    ending: Disconnection, endsWhenSessionGivesUp: Bool, words: String
  ) {
    var state = connected()
    state.endsWhenSessionGivesUp = endsWhenSessionGivesUp
    let effects = ChatCore.update(&state, .session(.disconnected(ending, time: at(4))))
    #expect(effects.count == 1)
    guard case .show(.session(let notice, let time)) = effects.first else {
      Issue.record("no notice: \(effects)")
      return
    }
    #expect(notice.description == words)
    #expect(time == at(4))
    #expect(state.sessionStatus == .disconnected && state.sessionStatusTime == at(4))
  }

  /// Closed on purpose (after `QUIT`, or for an STS upgrade), or not retried on a run that
  /// ends for it (it says why as it exits): nothing is told.
  @Test(arguments: [
    (Disconnection.closed(reason: "Quit: bye"), true), (.closed(reason: "Quit: bye"), false),
    (.lost(reason: "SASL refused", retrying: false), true),
    (.attemptFailed(reason: "untrusted issuer", retrying: false), true),
  ])
  func someEndsAreNotTold(ending: Disconnection, endsWhenSessionGivesUp: Bool) {
    var state = connected()
    state.endsWhenSessionGivesUp = endsWhenSessionGivesUp
    expectUpdate(state, .session(.disconnected(ending, time: at(4)))) {
      $0.sessionStatus = .disconnected
      $0.sessionStatusTime = at(4)
    }
  }

  /// Line mode, after the certificate or the login was refused: what waited for a connection
  /// fails then, a line typed after fails at once, and the first end of input leaves with
  /// the session's status.
  @Test func afterTheSessionGaveUpATypedMessageFailsAtOnceAndLeavingEndsTheRun() {
    var state = AppState(server: "irc.test", joining: [], localName: "bot")
    state.endsWhenSessionGivesUp = false
    state.sessionConfirmsDelivery = true
    state = update(state, typed("/msg #ops held", 1, 10))
    #expect(state.unsent.map(\.text) == ["held"])
    let failure = SessionFailure(reason: "certificate refused: untrusted issuer", exitStatus: 69)
    let notSent = "not sent: certificate refused: untrusted issuer"
    let held = Message(
      id: id(1), sender: "bot", text: "held", time: at(20), isLocal: true,
      conversation: ConversationName("#ops"))
    state = expectUpdate(
      state, .session(.gaveUp(failure, time: at(20))),
      effects: [.show(.session(.notDelivered(count: 1, reason: notSent), time: at(20)))]
    ) {
      $0.sessionFailure = failure
      $0.unsent = []
      $0.failed = [FailedMessage(held, reason: notSent)]
    }
    var typedLater = held
    typedLater.id = id(2)
    typedLater.text = "later"
    typedLater.time = at(30)
    state = expectUpdate(
      state, typed("/msg #ops later", 2, 30),
      effects: [.show(.session(.notDelivered(count: 1, reason: notSent), time: at(30)))]
    ) {
      $0.failed.append(FailedMessage(typedLater, reason: notSent))
    }
    // Nothing pending: the first end of input asks the session to leave at once.
    state = expectUpdate(state, .system(.endOfInput), effects: [.leave(reason: nil)]) {
      $0.phase = .draining
      $0.hasAskedSessionToLeave = true
    }
    state = expectUpdate(state, .session(.expectsNothingMore), effects: [.quit]) {
      $0.phase = .finished
    }
    #expect(state.exitStatus == 69)
  }

  @Test func aPipedRunThatGivesUpFailsWhatWaitedAndEnds() {
    var state = AppState(server: "irc.test", joining: [], localName: "bot")
    state = update(state, typed("/msg #ops held", 1, 10))
    let failure = SessionFailure(reason: "login refused", exitStatus: 77)
    let effects = ChatCore.update(&state, .session(.gaveUp(failure, time: at(20))))
    #expect(
      effects == [
        .show(.session(.notDelivered(count: 1, reason: "not sent: login refused"), time: at(20))),
        .quit,
      ])
    #expect(state.failed.map(\.reason) == ["not sent: login refused"])
    #expect(state.exitStatus == 77)
  }
}
