import FoundationEssentials
import Testing

@testable import ChatCore

/// The wait for answers to joins and parts starting (again).
let answerWaitStarts: [Effect] = [
  .cancel(.answerWait),
  .schedule(.answerWait, afterMilliseconds: AppState.answerWaitMilliseconds),
]

/// What asking the session for a join or part (`effect`) comes with: the wait for its answer.
func awaiting(_ effect: Effect) -> [Effect] {
  [effect] + answerWaitStarts
}

/// Piped input waits for what its next line depends on (`holdsPiped(typing:)`): the answer
/// to a join or part, the connection for a request to the session, the messages in flight
/// for a part. Each wait is bounded.
extension UpdateTests {
  @Test func aPipedMessageAfterAJoinWaitsForTheJoinAndThenGoesToTheChannel() {
    var state = onNetwork(joining: [])
    #expect(!state.holdsPiped(typing: "/join #ops"))
    state = expectUpdate(state, typed("/join #ops", 1, 10), effects: awaiting(.join(ops))) {
      $0.channelRequests = [ChannelRequest(.join, ops)]
    }
    for line in ["hello ops", "/part #ops", "/names", "/quit", "/help", "//x"] {
      #expect(state.holdsPiped(typing: line), "\(line)")
      #expect(state.wouldSend(typing: line), "the virtual clock waits as well: \(line)")
    }
    state = expectUpdate(
      state, .session(.joined(ops, time: at(40))), effects: [.cancel(.answerWait)]
    ) {
      _ = $0.conversations.open(ops, kind: .channel)
      $0.conversations.modify(at: 1) { $0.members?.insert("PersonA", key: "persona") }
      $0.log(.opened(.channel), in: ops, at: at(40))
      $0.conversations.activate(at: 1)
      $0.log(.activated, in: ops, at: at(40))
      $0.channelRequests = []
    }
    #expect(!state.holdsPiped(typing: "hello ops"))
    state = update(state, typed("hello ops", 2, 50))
    #expect(state.outbox.last?.conversation == ops)
  }

  @Test func aPipedPartWaitsForTheMessagesInFlightThenEverythingWaitsForItsAnswer() {
    var state = inOps()
    #expect(!state.holdsPiped(typing: "/part #ops"))
    state = update(state, typed("hello ops", 1, 200))
    #expect(state.inFlightCount == 1)
    #expect(state.holdsPiped(typing: "/part #ops"))
    #expect(state.holdsPiped(typing: "/part"))
    #expect(state.holdsPiped(.part("#ops", reason: nil)))
    #expect(!state.holdsPiped(typing: "another line"), "messages go on: only a part waits")
    #expect(!state.holdsPiped(typing: "/join #dev"))
    // `/reply N` and `/react N` count what was sent before them: they wait for it too.
    #expect(state.holdsPiped(typing: "/reply 1 hi") && state.holdsPiped(typing: "/react 1 👍"))
    var echo = own(1, "hello ops", 250)
    echo.conversation = ops
    state = update(state, .session(.echoed(echo)))
    #expect(!state.holdsPiped(typing: "/part #ops"))
    #expect(!state.holdsPiped(typing: "/reply 1 hi"))
    state = expectUpdate(
      state, typed("/part #ops", 2, 300), effects: awaiting(.part(ops, reason: nil))
    ) { $0.channelRequests = [ChannelRequest(.part, ops)] }
    // The conversation active once #ops is left is only known then.
    #expect(state.holdsPiped(typing: "hello again"))
    state = expectUpdate(
      state, .session(.left(ops, reason: nil, time: at(350))), effects: [.cancel(.answerWait)]
    ) {
      $0.conversations.close(at: 1)
      $0.log(.closed(reason: nil), in: ops, at: at(350))
      $0.log(.activated, in: server, at: at(350))
      $0.channelRequests = []
    }
    #expect(!state.holdsPiped(typing: "hello again"))
  }

  @Test func aServersCommandWithoutAServerDoesNotWaitButSaysItNeedsOne() {
    var state = AppState()
    state.sessionStatus = .connecting
    #expect(!state.holdsPiped(typing: "/whois bob"))
    #expect(!state.holdsPiped(.nick("new")))
  }

  @Test func aRequestToTheSessionWaitsForItToConnectAndAMessageDoesNot() {
    var state = AppState(server: server.text, joining: [], localName: "PersonA")
    for status in [SessionStatus.disconnected, .connecting] {
      state.sessionStatus = status
      for line in ["/join #ops", "/part #ops", "/topic new", "/whois bob", "/nick new", "/quote X"]
      {
        #expect(state.holdsPiped(typing: line), "\(line) while \(status)")
      }
      #expect(state.holdsPiped(.join("#ops", key: nil)))
      #expect(state.holdsPiped(.whois("bob")))
      #expect(state.holdsPiped(.part(nil, reason: nil)))
      #expect(state.holdsPiped(.topic("new")))
      // A message waits in `unsent` instead; asking for the topic sends nothing.
      for line in ["hello", "/msg bob hi", "/topic", "/help", "/quit"] {
        #expect(!state.holdsPiped(typing: line), "\(line) while \(status)")
      }
      #expect(!state.holdsPiped(.send("hi", to: "bob")))
    }
    state.sessionStatus = .connected
    #expect(!state.holdsPiped(typing: "/join #ops"))
    // Given up for good, nothing will connect: the request goes, and fails saying why.
    state.sessionStatus = .disconnected
    state.sessionFailure = SessionFailure(reason: "connection refused", exitStatus: 69)
    #expect(!state.holdsPiped(typing: "/join #ops"))
  }

  @Test func nothingWaitsOnceTheRunIsLeaving() {
    var state = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    state.phase = .draining
    #expect(!state.holdsPiped(typing: "hello"))
    #expect(!state.holdsPiped(.send("hello", to: nil)))
  }

  @Test func aJoinAlreadyAwaitedIsNotAwaitedTwice() {
    let once = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    expectUpdate(
      once, typed("/join #OPS", 2, 20), effects: awaiting(.join(ConversationName("#OPS"))))
  }

  @Test func aJoinRefusedAnswersItAndSaysWhy() {
    let state = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    let refused = expectUpdate(
      state, .session(.joinFailed(ops, reason: "not connected", time: at(20))),
      effects: [.cancel(.answerWait), .show(.joinFailed(ops, reason: "not connected"))]
    ) { $0.channelRequests = [] }
    #expect(!refused.holdsPiped(typing: "hello"))
  }

  @Test func aJoinNeverAnsweredIsGivenUpAfterTheWaitSayingSo() {
    var state = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    state = update(state, typed("/part #dev", 2, 20))  // Not open: nothing awaited.
    state = expectUpdate(
      state, .system(.timerFired(.answerWait, time: at(30_010))),
      effects: [.show(.noAnswer(ChannelRequest(.join, ops), seconds: 30))]
    ) { $0.channelRequests = [] }
    #expect(!state.holdsPiped(typing: "hello"))
  }

  @Test func everyRequestRestartsTheWaitAndEachUnansweredOneIsSaid() {
    var state = update(inOps(), typed("/join #dev", 1, 10))
    state = expectUpdate(
      state, typed("/part #ops", 2, 20), effects: awaiting(.part(ops, reason: nil))
    ) { $0.channelRequests.append(ChannelRequest(.part, ops)) }
    expectUpdate(
      state, .system(.timerFired(.answerWait, time: at(30_020))),
      effects: [
        .show(.noAnswer(ChannelRequest(.join, dev), seconds: 30)),
        .show(.noAnswer(ChannelRequest(.part, ops), seconds: 30)),
      ]
    ) { $0.channelRequests = [] }
  }

  @Test func aReconnectionRestartsTheWaitForWhatIsStillAwaited() {
    var state = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    state = update(
      state, .session(.disconnected(.lost(reason: "gone", retrying: true), time: at(20))))
    #expect(state.channelRequests == [ChannelRequest(.join, ops)])
    expectUpdate(state, .session(.connected(time: at(2000))), effects: answerWaitStarts) {
      $0.sessionStatus = .connected
      $0.sessionStatusTime = at(2000)
    }
  }

  @Test func aSessionThatGaveUpAnswersNothing() {
    var state = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    state.endsWhenSessionGivesUp = false
    let failure = SessionFailure(reason: "certificate refused", exitStatus: 69)
    expectUpdate(state, .session(.gaveUp(failure, time: at(20))), effects: [.cancel(.answerWait)]) {
      $0.sessionFailure = failure
      $0.channelRequests = []
    }
  }

  @Test func leavingWaitsForTheAnswerToTheLastJoinBeforeAskingTheSessionToLeave() {
    // `printf '/join #x\n' | chat --server …`: the join is carried out, then chat leaves.
    var state = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    state = expectUpdate(state, .system(.endOfInput)) { $0.phase = .draining }
    #expect(!state.isSettled)
    expectUpdate(state, .session(.expectsNothingMore))
    expectUpdate(
      state, .session(.joined(ops, time: at(40))),
      effects: [.cancel(.answerWait), .leave(reason: nil)]
    ) {
      _ = $0.conversations.open(ops, kind: .channel)
      $0.conversations.modify(at: 1) { $0.members?.insert("PersonA", key: "persona") }
      $0.log(.opened(.channel), in: ops, at: at(40))
      $0.conversations.activate(at: 1)
      $0.log(.activated, in: ops, at: at(40))
      $0.channelRequests = []
      $0.hasAskedSessionToLeave = true
    }
  }

  @Test func leavingWithoutAConnectionWaitsForNoAnswer() {
    // Ctrl-D in line mode while the server cannot be reached: the start's channel will not
    // be answered, and the run leaves at once.
    var state = AppState(server: server.text, joining: ["#ops"], localName: "PersonA")
    state.sessionStatus = .connecting
    expectUpdate(state, .system(.endOfInput), effects: [.leave(reason: nil)]) {
      $0.phase = .draining
      $0.hasAskedSessionToLeave = true
    }
  }

  @Test func leavingStopsWaitingWhenTheWaitEnds() {
    var state = update(onNetwork(joining: []), typed("/join #ops", 1, 10))
    state = update(state, .system(.endOfInput))
    expectUpdate(
      state, .system(.timerFired(.answerWait, time: at(30_010))),
      effects: [.show(.noAnswer(ChannelRequest(.join, ops), seconds: 30)), .leave(reason: nil)]
    ) {
      $0.channelRequests = []
      $0.hasAskedSessionToLeave = true
    }
  }

  /// Whatever holds a piped line back also makes it wait on the virtual clock, so a run on
  /// either clock takes the same steps.
  @Test func everyLineHeldBackWouldSend() {
    let lines = [
      "hello", "/join #ops", "/join #dev", "/part", "/part #ops", "/topic new", "/topic",
      "/msg bob hi", "/me waves", "/names", "/help", "/quit", "/retry", "/query bob", "/list",
      "//x", "", "/nosuch",
    ]
    var sending = inOps()
    sending = update(sending, typed("hello", 1, 200))
    var connecting = onNetwork(joining: [])
    connecting.sessionStatus = .connecting
    let states = [
      onNetwork(), onNetwork(joining: []), inOps(), sending, connecting,
      update(inOps(), typed("/join #dev", 2, 300)), update(inOps(), typed("/part", 2, 300)),
    ]
    for state in states {
      for line in lines where state.holdsPiped(typing: line) {
        #expect(state.wouldSend(typing: line), "\(line) in \(state.channelRequests)")
      }
    }
  }
}
