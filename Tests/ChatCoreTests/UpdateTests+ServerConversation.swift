import FoundationEssentials
import Testing

@testable import ChatCore

let server = ConversationName("irc.test")
let ops = ConversationName("#ops")
let dev = ConversationName("#dev")

/// A connected network run that joins `channels` at start, before any of them is joined: the
/// server's own conversation `irc.test` is the only one open, and active.
func onNetwork(joining channels: [String] = ["#ops"]) -> AppState {
  var state = AppState(server: server.text, joining: channels, localName: "PersonA")
  state.sessionStatus = .connected
  return state
}

/// A network run in `#ops` (position 1, active), joined at start.
func inOps() -> AppState {
  update(onNetwork(), .session(.joined(ops, time: at(100))))
}

/// The server's own conversation on a network takes no messages: nothing is guessed a target.
extension UpdateTests {
  @Test(arguments: ["deploy done", "/me waves", "/msg irc.test hello", "/msg IRC.TEST hello"])
  func aLineTypedInTheServersConversationIsNotSentAndSaysWhy(line: String) {
    expectUpdate(onNetwork(joining: []), typed(line), effects: [.show(.notSent(server))]) {
      $0.notSentCount += 1
    }
  }

  @Test func aRequestToSendInTheServersConversationIsNotSent() {
    let state = onNetwork(joining: [])
    for request in [Request.send("deploy done", to: nil), .action("waves")] {
      expectUpdate(
        state, .user(.requested(request, id: id(3), time: at(5))),
        effects: [.show(.notSent(server))]
      ) { $0.notSentCount += 1 }
    }
  }

  @Test(arguments: [
    Action.session(.left(ops, reason: nil, time: at(200))),
    .session(.kicked(ops, by: "alice", reason: "out", time: at(200))),
  ])
  func aLineTypedAfterTheOnlyChannelIsLeftIsNotSent(leaving: Action) {
    // Parted (`/part`) or kicked: the prompt falls back to the server's conversation, and
    // what is typed next does not go to the channel just left.
    let left = update(inOps(), leaving)
    #expect(left.conversations.active.name == server)
    expectUpdate(left, typed("still there?"), effects: [.show(.notSent(server))]) {
      $0.notSentCount += 1
    }
  }

  @Test func theSimulatedPeersConversationStillTakesMessages() {
    let message = own(9, "hello", 500)
    expectUpdate(connected(), typed("hello"), effects: sent(message)) {
      $0.outbox.append(message)
      $0.sentCount += 1
    }
  }

  @Test func theFirstChannelJoinedAtStartBecomesActiveAndTheOthersOpenBesideIt() {
    let start = onNetwork(joining: ["#ops", "#dev"])
    #expect(start.holdsPiped(typing: "deploy done"))
    let first = expectUpdate(start, .session(.joined(ConversationName("#OPS"), time: at(100)))) {
      _ = $0.conversations.open(ConversationName("#OPS"), kind: .channel)
      $0.conversations.modify(at: 1) { $0.members?.insert("PersonA", key: "persona") }
      $0.log(.opened(.channel), in: ConversationName("#OPS"), at: at(100))
      $0.conversations.activate(at: 1)
      $0.log(.activated, in: ConversationName("#OPS"), at: at(100))
      $0.channelRequests = [ChannelRequest(.joinAtStart, dev)]
    }
    // What a piped line says may be about #dev: it waits for its answer too.
    #expect(first.holdsPiped(typing: "deploy done"))
    let both = expectUpdate(
      first, .session(.joined(dev, time: at(110))), effects: [.cancel(.answerWait)]
    ) {
      _ = $0.conversations.open(dev, kind: .channel)
      $0.conversations.modify(at: 2) { $0.members?.insert("PersonA", key: "persona") }
      $0.log(.opened(.channel), in: dev, at: at(110))
      $0.channelRequests = []
    }
    #expect(!both.holdsPiped(typing: "deploy done"))
  }

  @Test func aChannelJoinedLaterBecomesActiveAsBefore() {
    let state = expectUpdate(inOps(), .session(.joined(dev, time: at(300)))) {
      _ = $0.conversations.open(dev, kind: .channel)
      $0.conversations.modify(at: 2) { $0.members?.insert("PersonA", key: "persona") }
      $0.log(.opened(.channel), in: dev, at: at(300))
      $0.conversations.activate(at: 2)
      $0.log(.activated, in: dev, at: at(300))
    }
    #expect(state.conversations.active.name == dev)
  }

  @Test func pipedInputWaitsUntilEveryChannelOfTheStartIsAnswered() {
    let start = onNetwork(joining: ["#ops", "#dev"])
    for line in ["deploy done", "/topic release day", "/help"] {
      #expect(start.holdsPiped(typing: line), "\(line)")
      #expect(start.wouldSend(typing: line), "\(line)")
    }
    #expect(start.holdsPiped(.topic("release day")))
    #expect(start.wouldSend(.topic("release day")))
    let refused = expectUpdate(
      start, .session(.joinFailed(ops, reason: "Cannot join channel (+i)", time: at(100))),
      effects: [.show(.joinFailed(ops, reason: "Cannot join channel (+i)"))]
    ) { $0.channelRequests = [ChannelRequest(.joinAtStart, dev)] }
    #expect(refused.holdsPiped(typing: "deploy done"))
    let none = expectUpdate(
      refused, .session(.joinFailed(dev, reason: "banned", time: at(100))),
      effects: [.cancel(.answerWait), .show(.joinFailed(dev, reason: "banned"))]
    ) { $0.channelRequests = [] }
    #expect(!none.holdsPiped(typing: "deploy done"))
    // In the server's conversation a message would not send: piped lines need not wait.
    #expect(!none.wouldSend(typing: "deploy done"))
    #expect(!none.wouldSend(.send("deploy done", to: nil)))
    #expect(none.wouldSend(typing: "/msg #ops deploy done"))
  }

  @Test func aFirstPipedTopicAppliesToTheFirstChannel() {
    expectUpdate(inOps(), typed("/topic release day"), effects: [.setTopic(ops, "release day")])
  }
}

/// Piped input waits for the channels of the start for a bounded time only: a server that
/// never answers the `JOIN` (or refuses it with a reply chat does not know) cannot hold the
/// run forever.
extension UpdateTests {
  @Test func connectingWhileAwaitingTheStartsChannelsStartsTheWait() {
    var state = AppState(server: server.text, joining: ["#ops"], localName: "PersonA")
    state.sessionStatus = .connecting
    expectUpdate(state, .session(.connected(time: at(10))), effects: answerWaitStarts) {
      $0.sessionStatus = .connected
      $0.sessionStatusTime = at(10)
    }
  }

  @Test func connectingWithNothingAwaitedStartsNoWait() {
    var state = AppState(server: server.text, joining: [], localName: "PersonA")
    state.sessionStatus = .connecting
    expectUpdate(state, .session(.connected(time: at(10)))) {
      $0.sessionStatus = .connected
      $0.sessionStatusTime = at(10)
    }
  }

  @Test func theWaitEndingBeforeAnyChannelIsJoinedLetsTheInputGoOn() {
    let state = onNetwork()
    #expect(state.holdsPiped(typing: "deploy done"))
    let after = expectUpdate(
      state, .system(.timerFired(.answerWait, time: at(30_010))),
      effects: [.show(.noAnswer(ChannelRequest(.joinAtStart, ops), seconds: 30))]
    ) { $0.channelRequests = [] }
    #expect(!after.holdsPiped(typing: "deploy done"))
  }

  @Test func theWaitEndingAfterTheChannelWasJoinedDoesNothing() {
    expectUpdate(inOps(), .system(.timerFired(.answerWait, time: at(30_010))), effects: [])
  }

  @Test func joiningTheLastChannelAwaitedEndsTheWait() {
    var state = onNetwork()
    let effects = ChatCore.update(&state, .session(.joined(ops, time: at(100))))
    #expect(effects == [.cancel(.answerWait)])
    #expect(state.channelRequests.isEmpty)
  }

  @Test func theFirstChannelOfTheStartJoinedLateStillLeavesTheServersConversation() {
    // No answer in time: the input went on. The channel, when it comes, is where text goes.
    let late = update(onNetwork(), .system(.timerFired(.answerWait, time: at(30_010))))
    let joined = update(late, .session(.joined(ops, time: at(31_000))))
    #expect(joined.conversations.active.name == ops)
  }
}

/// The server's own notices enter its conversation, whatever conversation they name.
extension UpdateTests {
  @Test func aServerNoticeEntersTheServersConversationEvenFromAChannel() {
    let notice = Message(
      id: id(4), sender: "irc.test", text: "*** Looking up your hostname", time: at(50),
      conversation: ConversationName("elsewhere"), isNotice: true)
    var entered = notice
    entered.conversation = server
    expectUpdate(inOps(), .session(.serverNoticed(notice))) {
      $0.messages.append(entered)
      $0.messageCount += 1
      $0.conversations.append(entered, number: 1, at: 0)
    }
  }
}
