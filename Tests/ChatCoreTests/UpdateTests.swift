import ChatCore
import Testing

/// The effects of handing `message` to the session: the send and its delivery timeout.
func sent(_ message: Message) -> [Effect] {
  [.send(message), .schedule(.deliveryTimeout(message.id), afterMilliseconds: 1000)]
}

@Suite(.timeLimit(.minutes(10))) struct UpdateTests {
  /// A state with one message sent and awaiting its echo.
  func sending() -> AppState {
    var state = connected()
    _ = update(&state, .user(.submitted(text: "hello", id: id(1), time: at(0))))
    return state
  }

  // MARK: user

  @Test func submittingTextSendsAMessageAndPutsItInTheOutbox() {
    let message = own(1, "hello")
    expectUpdate(
      connected(), .user(.submitted(text: "hello", id: id(1), time: at(0))), effects: sent(message)
    ) {
      $0.outbox = [message]
      $0.sentCount = 1
    }
  }

  @Test(arguments: ["", " ", "\t", "   \t  ", "\u{3000}"])
  func submittingBlankTextSendsNothing(text: String) {
    expectUpdate(AppState(), .user(.submitted(text: text, id: id(1), time: at(0))))
  }

  @Test func messagesKeepTheirTextExactlyAsTyped() {
    let message = own(1, "  spaced \u{1B}[2J ")
    expectUpdate(
      connected(), .user(.submitted(text: message.text, id: id(1), time: at(0))),
      effects: sent(message)
    ) {
      $0.outbox = [message]
      $0.sentCount = 1
    }
  }

  @Test func aDoubleSlashSendsTheTextWithOneSlash() {
    let message = own(1, "/quit")
    expectUpdate(
      connected(), .user(.submitted(text: "//quit", id: id(1), time: at(0))),
      effects: sent(message)
    ) {
      $0.outbox = [message]
      $0.sentCount = 1
    }
  }

  @Test func helpCommandAsksToShowHelp() {
    expectUpdate(
      AppState(), .user(.submitted(text: "/help", id: id(1), time: at(0))), effects: [.show(.help)])
  }

  @Test func unknownCommandIsReportedAndNotSent() {
    expectUpdate(
      AppState(), .user(.submitted(text: "/frobnicate now", id: id(1), time: at(0))),
      effects: [.show(.unknownCommand("frobnicate"))])
  }

  @Test func quitCommandStartsLeavingEvenWithNothingInFlight() {
    // Nothing in flight: the session is asked to leave at once. Whether anything more is
    // coming is the session's to say (`.expectsNothingMore`).
    expectUpdate(
      AppState(), .user(.submitted(text: "/quit", id: id(1), time: at(0))),
      effects: [.leave(reason: nil)]
    ) {
      $0.phase = .draining
      $0.hasAskedSessionToLeave = true
    }
  }

  @Test func quitCommandKeepsItsReasonForTheSession() {
    expectUpdate(
      AppState(), .user(.submitted(text: "/quit Gone fishing", id: id(1), time: at(0))),
      effects: [.leave(reason: "Gone fishing")]
    ) {
      $0.phase = .draining
      $0.quitReason = "Gone fishing"
      $0.hasAskedSessionToLeave = true
    }
  }

  @Test func quitReasonWaitsForTheMessagesInFlight() {
    let state = expectUpdate(
      sending(), .user(.submitted(text: "/quit Gone fishing", id: id(2), time: at(5)))
    ) {
      $0.phase = .draining
      $0.quitReason = "Gone fishing"
    }
    expectUpdate(
      state, .session(.echoed(own(1, "hello", 100))),
      effects: [.cancel(.deliveryTimeout(id(1))), .leave(reason: "Gone fishing")]
    ) {
      $0.outbox = []
      $0.enter(own(1, "hello", 100))
      $0.hasAskedSessionToLeave = true
    }
  }

  @Test func theSessionIsAskedToLeaveOnlyOnce() {
    var state = AppState()
    state.phase = .draining
    state.hasAskedSessionToLeave = true
    expectUpdate(state, .session(.connected(time: at(1)))) {
      $0.sessionStatus = .connected
      $0.sessionStatusTime = at(1)
    }
  }

  @Test func quitRequestWithAMessageInFlightWaitsForIt() {
    expectUpdate(sending(), .user(.quitRequested)) { $0.phase = .draining }
  }

  @Test func secondQuitRequestQuitsAtOnce() {
    var state = sending()
    state.phase = .draining
    expectUpdate(state, .user(.quitRequested), effects: [.quit]) { $0.phase = .finished }
  }

  @Test func secondQuitCommandQuitsAtOnce() {
    var state = sending()
    state.phase = .draining
    expectUpdate(state, .user(.submitted(text: "/quit", id: id(2), time: at(5))), effects: [.quit])
    {
      $0.phase = .finished
    }
  }

  @Test func quitRequestAfterFinishingDoesNothing() {
    var state = AppState()
    state.phase = .finished
    expectUpdate(state, .user(.quitRequested))
  }

  @Test func textSubmittedWhileDrainingIsNotSentAndTheUserIsTold() {
    var state = AppState()
    state.phase = .draining
    state.hasAskedSessionToLeave = true
    expectUpdate(
      state, .user(.submitted(text: "late", id: id(2), time: at(5))),
      effects: [.show(.notSentWhileLeaving)])
    expectUpdate(state, .user(.submitted(text: "  ", id: id(3), time: at(6))))
  }

  // MARK: session

  @Test func echoMovesTheMessageFromOutboxIntoTheConversation() {
    let echoed = own(1, "hello", 100)
    expectUpdate(sending(), .session(.echoed(echoed)), effects: [.cancel(.deliveryTimeout(id(1)))])
    {
      $0.outbox = []
      $0.enter(echoed)
    }
  }

  @Test func echoOfAMessageNotInTheOutboxIsIgnored() {
    var state = sending()
    state = update(state, .session(.echoed(own(1, "hello", 100))))
    expectUpdate(state, .session(.echoed(own(1, "hello", 150))))
  }

  @Test func receivedMessageEntersTheConversation() {
    var state = sending()
    state = update(state, .session(.echoed(own(1, "hello", 100))))
    let reply = peer(2, "REPLY", 300)
    expectUpdate(state, .session(.received(reply, inReplyTo: id(1)))) {
      $0.enter(reply)
    }
  }

  @Test func aReplyWhileLeavingDoesNotEndTheRunByItself() {
    var state = sending()
    state = update(state, .session(.echoed(own(1, "hello", 100))))
    state = update(state, .system(.endOfInput))
    let reply = peer(2, "REPLY", 300)
    expectUpdate(state, .session(.received(reply, inReplyTo: id(1)))) {
      $0.enter(reply)
    }
  }

  @Test func unpromptedMessageEntersTheConversation() {
    let message = peer(2, "hi", 10)
    expectUpdate(AppState(), .session(.received(message))) {
      $0.enter(message)
    }
  }

  /// A peer with your name is not you: a received message is yours only when the session
  /// says so (on IRC, one from your own nick, which the server gives no one else: sent from
  /// another client of yours; see UpdateTests+Multiline).
  @Test func aPeerWithYourNameIsStillNotYou() {
    let impostor = Message(id: id(7), sender: "PersonA", text: "it's me", time: at(10))
    expectUpdate(AppState(), .session(.received(impostor))) {
      $0.enter(impostor)
    }
    #expect(update(AppState(), .session(.received(impostor))).messages.last?.isLocal == false)
  }

  @Test func aMessageReceivedTwiceIsShownOnce() {
    var state = AppState()
    _ = update(&state, .session(.received(peer(2, "hi", 10))))
    expectUpdate(state, .session(.received(peer(2, "hi", 60))))
  }

  @Test func textTypedWhileDisconnectedIsHeldAndSentOnConnecting() {
    let message = own(1, "hello")
    let held = expectUpdate(AppState(), .user(.submitted(text: "hello", id: id(1), time: at(0)))) {
      $0.unsent = [message]
    }
    #expect(held.inFlightCount == 1)
    expectUpdate(held, .session(.connected(time: at(5))), effects: sent(message)) {
      $0.sessionStatus = .connected
      $0.sessionStatusTime = at(5)
      $0.unsent = []
      $0.outbox = [message]
      $0.sentCount = 1
    }
  }

  @Test func noEchoWithinTheTimeoutFailsTheMessageAndSaysWhy() {
    expectUpdate(
      sending(), .system(.timerFired(.deliveryTimeout(id(1)), time: at(1000))),
      effects: [
        .show(.session(.notDelivered(count: 1, reason: "no echo within 1 s"), time: at(1000)))
      ]
    ) {
      $0.outbox = []
      $0.failed = [FailedMessage(own(1, "hello", 1000), reason: "no echo within 1 s")]
    }
  }

  @Test func aTimeoutAfterTheEchoChangesNothing() {
    var state = sending()
    state = update(state, .session(.echoed(own(1, "hello", 100))))
    expectUpdate(state, .system(.timerFired(.deliveryTimeout(id(1)), time: at(1000))))
  }

  @Test func retryResendsFailedMessagesWithTheirOriginalIds() {
    var state = update(sending(), .system(.timerFired(.deliveryTimeout(id(1)), time: at(1000))))
    let message = own(1, "hello", 2000)  // sent again at the time of /retry
    state = expectUpdate(
      state, .user(.submitted(text: "/retry", id: id(9), time: at(2000))), effects: sent(message)
    ) {
      $0.failed = []
      $0.outbox = [message]
      $0.sentCount = 2
    }
    // The late original echo delivers it; the retried echo then changes nothing.
    state = update(state, .session(.echoed(own(1, "hello", 2050))))
    #expect(state.messages.map(\.id) == [id(1)])
    expectUpdate(state, .session(.echoed(own(1, "hello", 2100))))
  }

  @Test func lateEchoOfAFailedMessageIsIgnored() {
    let state = update(sending(), .system(.timerFired(.deliveryTimeout(id(1)), time: at(1000))))
    expectUpdate(state, .session(.echoed(own(1, "hello", 1500))))
  }

  @Test func leavingEndsWhenEverythingIsDeliveredAndTheSessionExpectsNothingMore() {
    var state = sending()
    state = update(state, .session(.echoed(own(1, "hello", 100))))
    state = update(state, .system(.endOfInput))
    expectUpdate(state, .session(.expectsNothingMore), effects: [.quit]) {
      $0.phase = .finished
    }
  }

  @Test func expectingNothingMoreWhileAMessageAwaitsItsEchoKeepsLeaving() {
    var state = sending()
    state.phase = .draining
    expectUpdate(state, .session(.expectsNothingMore))
  }

  @Test func expectingNothingMoreWhileHoldingUnsentMessagesKeepsLeaving() {
    var state = update(AppState(), .user(.submitted(text: "held", id: id(1), time: at(0))))
    state.phase = .draining
    expectUpdate(state, .session(.expectsNothingMore))
  }

  @Test func expectingNothingMoreWhileActiveChangesNothing() {
    expectUpdate(connected(), .session(.expectsNothingMore))
  }

  @Test func deliveryFailureMovesTheMessageToFailedWithItsReasonAndSaysSoOnce() {
    expectUpdate(
      sending(), .session(.deliveryFailed(ids: [id(1)], reason: "timed out", time: at(40))),
      effects: [
        .cancel(.deliveryTimeout(id(1))),
        .show(.session(.notDelivered(count: 1, reason: "timed out"), time: at(40))),
      ]
    ) {
      $0.outbox = []
      $0.failed = [FailedMessage(own(1, "hello", 40), reason: "timed out")]
    }
  }

  @Test func deliveryFailureForAnUnknownMessageIsIgnored() {
    expectUpdate(
      sending(), .session(.deliveryFailed(ids: [id(9)], reason: "timed out", time: at(40))))
  }

  @Test func lastFailureWhileDrainingSettlesTheRun() {
    var state = sending()
    state.phase = .draining
    state = expectUpdate(
      state, .session(.deliveryFailed(ids: [id(1)], reason: "gone", time: at(40))),
      effects: [
        .cancel(.deliveryTimeout(id(1))),
        .show(.session(.notDelivered(count: 1, reason: "gone"), time: at(40))),
        .leave(reason: nil),
      ]
    ) {
      $0.outbox = []
      $0.failed = [FailedMessage(own(1, "hello", 40), reason: "gone")]
      $0.hasAskedSessionToLeave = true
    }
    #expect(state.isSettled)
  }

  @Test func connectingConnectedAndDisconnectedSetTheStatus() {
    var state = expectUpdate(AppState(), .session(.connecting(time: at(1)))) {
      $0.sessionStatus = .connecting
      $0.sessionStatusTime = at(1)
    }
    state = expectUpdate(state, .session(.connected(time: at(2)))) {
      $0.sessionStatus = .connected
      $0.sessionStatusTime = at(2)
    }
    expectUpdate(
      state, .session(.disconnected(.closed(reason: "left"), time: at(3)))
    ) {
      $0.sessionStatus = .disconnected
      $0.sessionStatusTime = at(3)
    }
  }

  // MARK: system

  @Test func endOfInputWithNothingInFlightStartsLeaving() {
    expectUpdate(AppState(), .system(.endOfInput), effects: [.leave(reason: nil)]) {
      $0.phase = .draining
      $0.hasAskedSessionToLeave = true
    }
  }

  @Test func endOfInputWithAMessageInFlightDrains() {
    expectUpdate(sending(), .system(.endOfInput)) { $0.phase = .draining }
  }

  @Test func endOfInputWhileDrainingChangesNothing() {
    var state = sending()
    state.phase = .draining
    expectUpdate(state, .system(.endOfInput))
  }

  @Test func terminationQuitsAtOnceEvenWithMessagesInFlight() {
    expectUpdate(sending(), .system(.terminated), effects: [.quit]) { $0.phase = .finished }
  }

  // MARK: derived values

  @Test func retryWithNothingFailedSaysSo() {
    expectUpdate(
      connected(), .user(.submitted(text: "/retry", id: id(1), time: at(0))),
      effects: [.show(.nothingToRetry)])
  }

  @Test func inFlightCountsMessagesNotYetDelivered() {
    var state = sending()
    _ = update(&state, .user(.submitted(text: "two", id: id(2), time: at(1))))
    _ = update(&state, .session(.echoed(own(1, "hello", 100))))
    #expect(state.inFlightCount == 1, "an echoed message is delivered, answered or not")
    #expect(!state.isSettled)
    _ = update(&state, .session(.echoed(own(2, "two", 110))))
    #expect(state.inFlightCount == 0)
    #expect(state.isSettled)
  }

  @Test(arguments: [
    ("hello", true), ("//slash", true), ("/retry", false), ("/quit", false), ("/help", false),
    ("/nope", false), ("   ", false),
  ])
  func onlyAMessageWouldSendWhenTyped(line: String, sends: Bool) {
    #expect(connected().wouldSend(typing: line) == sends)
  }

  @Test func retryWouldSendOnlyWithFailedMessagesAndNothingWouldWhileLeaving() {
    var state = update(sending(), .system(.timerFired(.deliveryTimeout(id(1)), time: at(1000))))
    #expect(state.wouldSend(typing: "/retry"))
    state.phase = .draining
    #expect(!state.wouldSend(typing: "/retry"))
    #expect(!state.wouldSend(typing: "hello"))
  }
}

/// `update` as a function returning the new state, for building up test states.
func update(_ state: AppState, _ action: Action) -> AppState {
  var state = state
  _ = ChatCore.update(&state, action)
  return state
}
