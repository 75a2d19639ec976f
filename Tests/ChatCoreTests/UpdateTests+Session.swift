import FoundationEssentials
import Testing

@testable import ChatCore

/// What a network session tells the user, the link's status, and how typed commands split.
extension UpdateTests {
  @Test func aSessionNoticeIsShownAndChangesNothing() {
    let notice = SessionNotice.nickFallback(wanted: "bot", nick: "bot_")
    expectUpdate(
      connected(), .session(.noticed(notice, time: at(7))),
      effects: [.show(.session(notice, time: at(7)))])
  }

  @Test func aSessionNoticeWhileLeavingIsStillShown() {
    var state = connected()
    state.phase = .draining
    state.hasAskedSessionToLeave = true
    let notice = SessionNotice.disconnected(reason: "bye", retried: true)
    expectUpdate(
      state, .session(.noticed(notice, time: at(7))),
      effects: [.show(.session(notice, time: at(7)))])
  }

  @Test func aLinkChangeKeepsTheNewStatus() {
    let link = LinkStatus(queuedLines: 3, lagMilliseconds: 120)
    let state = expectUpdate(connected(), .session(.linkChanged(link, time: at(1)))) {
      $0.link = link
    }
    expectUpdate(state, .session(.linkChanged(LinkStatus(), time: at(2)))) {
      $0.link = LinkStatus()
    }
  }

  @Test func listOnANetworkAlsoShowsTheLink() {
    let link = LinkStatus(queuedLines: 0, lagMilliseconds: 42)
    let state = update(connected(), .session(.linkChanged(link, time: at(1))))
    expectUpdate(
      state, typed("/list"),
      effects: [
        .show(
          .conversations([
            ConversationSummary(
              number: 1, name: .initial, kind: .server, unreadCount: 0, isActive: true)
          ])),
        .show(.link(link, status: .connected, nick: "PersonA")),
      ])
  }

  @Test(arguments: ["\u{85}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{1680}"])
  func msgSplitsTheNameFromTheTextAtASCIIBlanksOnly(separator: String) {
    // Not a blank: it stays in the name, which a name may not hold.
    #expect(
      TypedLine(parsing: "/msg bob\(separator)hi there")
        == .command(.message(to: "bob\(separator)hi", text: "there")))
    var state = connected()
    let effects = ChatCore.update(&state, typed("/msg bob\(separator)hi there"))
    guard case .show(.badName) = effects.first else {
      Issue.record("expected a bad-name notice, got \(effects)")
      return
    }
  }

  @Test(arguments: [" ", "\t", "  \t "])
  func msgSplitsAtSpacesAndTabs(separator: String) {
    #expect(
      TypedLine(parsing: "/msg\(separator)bob\(separator)hi\u{85}there")
        == .command(.message(to: "bob", text: "hi\u{85}there")))
  }

  @Test func aCommandNameEndsAtAnASCIIBlankOnly() {
    #expect(TypedLine(parsing: "/msg\u{85}bob hi") == .unknownCommand("msg\u{85}bob"))
  }

  @Test func aLineTypedAfterJoinBeforeTheServerConfirmsGoesToTheActiveConversation() {
    var state = update(inRoom(), .session(.joined(ConversationName("#other"), time: at(200))))
    state = update(state, typed("/switch #room", 8, 300))
    // `/join #new` asks the session; until `.joined` the prompt still names #room.
    state = update(state, typed("/join #new", 9, 400))
    #expect(state.conversations.activeName == room)
    let effects = ChatCore.update(&state, typed("hello", 10, 450))
    #expect(effects.first == .send(said(10, "hello", by: "PersonA", in: room, 450).own))
    // Once joined, the new channel is active and the next line goes there.
    state = update(state, .session(.joined(ConversationName("#new"), time: at(500))))
    let next = ChatCore.update(&state, typed("there", 11, 600))
    let new = ConversationName("#new")
    #expect(next.first == .send(said(11, "there", by: "PersonA", in: new, 600).own))
  }
}

extension Message {
  /// The message as the local user's.
  fileprivate var own: Message {
    var message = self
    message.isLocal = true
    return message
  }
}

/// A session that gives up, and the exit status the core ends the run with.
extension UpdateTests {
  @Test func aSessionThatGivesUpEndsTheRunWithItsStatus() {
    let failure = SessionFailure(reason: "connection refused", exitStatus: 69)
    let state = expectUpdate(
      connected(), .session(.gaveUp(failure, time: at(5))), effects: [.quit]
    ) {
      $0.sessionFailure = failure
      $0.phase = .finished
    }
    #expect(state.exitStatus == 69)
    #expect(state.exitReason == "connection refused")
  }

  @Test func inLineModeGivingUpLeavesTheRunToTheUser() {
    var state = connected()
    state.endsWhenSessionGivesUp = false
    let failure = SessionFailure(reason: "untrusted issuer", exitStatus: 69)
    state = expectUpdate(state, .session(.gaveUp(failure, time: at(5)))) {
      $0.sessionFailure = failure
    }
    // Leaving later ends with the status, and the first reason stays.
    let login = SessionFailure(reason: "refused", exitStatus: 77)
    state = expectUpdate(state, .session(.gaveUp(login, time: at(6))))
    #expect(state.exitStatus == 69)
  }

  @Test func aMessageNotDeliveredFailsANetworkRunOnly() {
    var state = update(
      sending(), .session(.deliveryFailed(ids: [id(1)], reason: "x", time: at(9))))
    #expect(state.exitStatus == 0)
    #expect(state.exitReason == nil)
    state.failsWhenUndelivered = true
    #expect(state.exitStatus == 75)
    #expect(state.exitReason == "1 message not delivered")
    state.unsent = [own(2, "held")]
    #expect(state.exitReason == "2 messages not delivered")
  }
}

/// A session that confirms delivery itself: the core sets no timeout of its own.
extension UpdateTests {
  @Test func aSessionThatConfirmsDeliveryGetsNoCoreTimeout() {
    var state = expectUpdate(connected(), .session(.confirmsDelivery)) {
      $0.sessionConfirmsDelivery = true
    }
    let message = own(1, "hello")
    state = expectUpdate(
      state, .user(.submitted(text: "hello", id: id(1), time: at(0))), effects: [.send(message)]
    ) {
      $0.outbox = [message]
      $0.sentCount = 1
    }
    expectUpdate(state, .session(.echoed(own(1, "hello", 100)))) {
      $0.outbox = []
      $0.enter(own(1, "hello", 100))
    }
    expectUpdate(
      state, .session(.deliveryFailed(ids: [id(1)], reason: "refused", time: at(9))),
      effects: [.show(.session(.notDelivered(count: 1, reason: "refused"), time: at(9)))]
    ) {
      $0.outbox = []
      $0.failed = [FailedMessage(own(1, "hello", 9), reason: "refused")]
    }
  }
}

/// A TLS policy the session learned is kept by the runtime, as the core asks.
extension UpdateTests {
  @Test func aLearnedPolicyIsKeptAndADroppedOneForgotten() {
    let policy = TransportPolicy(host: "irc.example.org", port: 6697, durationSeconds: 300)
    expectUpdate(
      connected(), .session(.transportPolicyLearned(policy, time: at(5))),
      effects: [.rememberPolicy(policy, time: at(5))])
    expectUpdate(
      connected(), .session(.transportPolicyDropped(host: "irc.example.org")),
      effects: [.forgetPolicy(host: "irc.example.org")])
  }
}

/// The nick the network registered us as: the core owns the name it knows us by.
extension UpdateTests {
  @Test func registeringUnderAFallbackNickRenamesYou() {
    let state = expectUpdate(connected(), .session(.registeredAs("PersonA_", time: at(3)))) {
      $0.localName = "PersonA_"
    }
    // Registered again under the same nick (a reconnect): nothing changes.
    expectUpdate(state, .session(.registeredAs("PersonA_", time: at(9))))
  }
}
