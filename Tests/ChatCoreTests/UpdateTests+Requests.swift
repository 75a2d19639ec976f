import FoundationEssentials
import Testing

@testable import ChatCore

/// A program's request (`--input jsonl`) at `milliseconds`, as the runtime reports it.
func requested(_ request: Request, _ number: UInt8 = 9, _ milliseconds: Int64 = 500) -> Action {
  .user(.requested(request, id: id(number), time: at(milliseconds)))
}

/// Requests from a program driving chat: each does what its typed command does.
@Suite(.timeLimit(.minutes(10))) struct RequestTests {
  /// The states a request may meet: connected with one conversation, in a channel, leaving.
  private static func states() -> [AppState] {
    var leaving = inRoom()
    leaving.phase = .draining
    var disconnected = inRoom()
    disconnected.sessionStatus = .disconnected
    let sending = update(inRoom(), typed("hello", 1, 200))
    let joining = update(inRoom(), typed("/join #ops", 1, 200))
    return [connected(), inRoom(), leaving, disconnected, sending, joining]
  }

  @Test(arguments: [
    (Request.send("hello", to: nil), "hello"), (.send("/quit", to: nil), "//quit"),
    (.send("hi", to: "Carol"), "/msg Carol hi"), (.send("hi", to: "#room"), "/msg #room hi"),
    (.action("waves"), "/me waves"), (.join("#ops", key: nil), "/join #ops"),
    (.join("ops", key: nil), "/join ops"),
    (.part(nil, reason: nil), "/part"), (.part("#room", reason: "bye"), "/part #room bye"),
    (.query("Carol"), "/query Carol"), (.switchTo("1"), "/switch 1"),
    (.switchTo("#nowhere"), "/switch #nowhere"), (.topic(nil), "/topic"),
    (.topic("new"), "/topic new"), (.quit(reason: nil), "/quit"),
    (.join("#a,b", key: nil), "/join #a,b"),
  ])
  func aRequestDoesWhatItsTypedCommandDoes(request: Request, line: String) {
    for state in Self.states() {
      var byRequest = state
      var byTyping = state
      let requestEffects = update(&byRequest, requested(request))
      let typedEffects = update(&byTyping, typed(line))
      #expect(byRequest == byTyping, "\(request) in phase \(state.phase)")
      #expect(requestEffects == typedEffects, "\(request) in phase \(state.phase)")
      #expect(state.wouldSend(request) == state.wouldSend(typing: line), "\(request)")
      #expect(state.holdsPiped(request) == state.holdsPiped(typing: line), "\(request)")
    }
  }

  @Test func aSentTextStartingWithASlashIsAMessageNotACommand() {
    var message = own(9, "/quit", 500)
    message.conversation = room
    expectUpdate(
      inRoom(), requested(.send("/quit", to: nil)),
      effects: [.send(message), .schedule(.deliveryTimeout(id(9)), afterMilliseconds: 1000)]
    ) {
      $0.outbox.append(message)
      $0.sentCount += 1
    }
  }

  @Test func aReasonThatLooksLikeAChannelStaysTheReason() {
    // Typed, `/part #other is dull` would try to leave #other; a request says which is which.
    expectUpdate(
      inRoom(), requested(.part(nil, reason: "#other is dull")),
      effects: awaiting(.part(room, reason: "#other is dull"))
    ) { $0.channelRequests = [ChannelRequest(.part, room)] }
  }

  @Test func aMalformedInputLineIsShownAndChangesNothing() {
    let problem = "not JSON: expected a value at byte 1"
    expectUpdate(
      inRoom(), .system(.malformedInputLine(number: 3, problem: problem)),
      effects: [.show(.malformedInput(line: 3, problem: problem))])
  }
}
