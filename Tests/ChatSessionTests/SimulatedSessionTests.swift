import ChatCore
import ChatSession
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(2))) struct SimulatedSessionTests {
  private let start = Timestamp.virtualEpoch

  private func message(_ text: String, at milliseconds: Int64 = 0) -> Message {
    var ids = SeededUUIDGenerator(seed: 99)
    for _ in 0..<text.count { _ = ids.next() }
    return Message(
      id: ids.next(), sender: "PersonA", text: text,
      time: start.advanced(byMilliseconds: milliseconds))
  }

  /// Every event the session produces, with the millisecond offset it was due at.
  private func drain(_ session: inout SimulatedSession) -> [(Int64, Action.Session)] {
    var events: [(Int64, Action.Session)] = []
    while let due = session.nextDeadline {
      let event = session.nextEvent(dueBy: due)!
      events.append((start.milliseconds(to: due), event))
    }
    return events
  }

  @Test func connectsImmediately() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    session.connect(at: start)
    #expect(session.nextDeadline == start)
    #expect(session.nextEvent(dueBy: start) == .connected(time: start))
    #expect(session.nextDeadline == nil)
  }

  @Test func echoArrivesAfterOneHundredMillisecondsAndTheReplyTwoHundredAfterThat() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    let sent = message("hello")
    session.send(sent, at: start)
    #expect(session.nextEvent(dueBy: start.advanced(byMilliseconds: 99)) == nil)
    let events = drain(&session)
    #expect(events.count == 2)
    var echoed = sent
    echoed.time = start.advanced(byMilliseconds: 100)
    #expect(events[0].0 == 100)
    #expect(events[0].1 == .echoed(echoed))
    #expect(events[1].0 == 300)
    guard case .received(let reply, let original) = events[1].1 else {
      Issue.record("expected a reply, got \(events[1].1)")
      return
    }
    #expect(original == sent.id, "the reply names the message it answers")
    #expect(reply.sender == "Person B")
    #expect(reply.time == start.advanced(byMilliseconds: 300))
    #expect(UUID(uuidString: reply.text) != nil, "reply text is a UUID string: \(reply.text)")
    #expect(reply.text == reply.text.uppercased())
    #expect(reply.id.uuidString != reply.text)
  }

  @Test func twoMessagesFiftyMillisecondsApartInterleaveAsTheSeedsTimingImplies() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    session.send(message("one"), at: start)
    session.send(message("two", at: 50), at: start.advanced(byMilliseconds: 50))
    let events = drain(&session)
    let timeline = events.map { offset, event -> String in
      switch event {
      case .echoed(let message): "\(offset) echo \(message.text)"
      case .received: "\(offset) reply"
      default: "\(offset) other"
      }
    }
    #expect(timeline == ["100 echo one", "150 echo two", "300 reply", "350 reply"])
  }

  @Test func peerNameAndDelaysAreConfigurable() {
    var configuration = SimulatedSession.Configuration(peerName: "Bob")
    configuration.echoDelayMilliseconds = 10
    configuration.replyDelayMilliseconds = 20
    var session = SimulatedSession(configuration: configuration, ids: SeededUUIDGenerator(seed: 1))
    session.send(message("hi"), at: start)
    let events = drain(&session)
    #expect(events.map(\.0) == [10, 30])
    guard case .received(let reply, _) = events[1].1 else {
      Issue.record("expected a reply")
      return
    }
    #expect(reply.sender == "Bob")
  }

  @Test func sameSeedGivesTheSameRepliesAndAnotherSeedOtherReplies() {
    func replies(seed: UInt64) -> [String] {
      var session = SimulatedSession(ids: SeededUUIDGenerator(seed: seed))
      session.send(message("a"), at: start)
      session.send(message("b"), at: start)
      return drain(&session).compactMap {
        if case .received(let reply, _) = $0.1 { "\(reply.id) \(reply.text)" } else { nil }
      }
    }
    #expect(replies(seed: 7).count == 2)
    #expect(replies(seed: 7) == replies(seed: 7))
    #expect(replies(seed: 7) != replies(seed: 8))
  }
}
