import ChatCore
import ChatSession
import FoundationEssentials
import IRCTestRequirements
import Testing

@Suite(.timeLimit(.minutes(10))) struct SimulatedSessionTests {
  private let start = Timestamp.virtualEpoch

  private func message(
    _ text: String, at milliseconds: Int64 = 0, in conversation: ConversationName = .initial
  ) -> Message {
    var ids = SeededUUIDGenerator(seed: 99)
    for _ in 0..<text.count { _ = ids.next() }
    return Message(
      id: ids.next(), sender: "PersonA", text: text,
      time: start.advanced(byMilliseconds: milliseconds), conversation: conversation)
  }

  /// The sender and conversation of the reply among `events`, if there is one.
  private func reply(in events: [(Int64, Action.Session)]) -> (Int64, Message)? {
    for (due, event) in events {
      if case .received(let message, _) = event { return (due, message) }
    }
    return nil
  }

  @Test func joiningIsConfirmedAfterAnEchoDelayWithTheMembersListed() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    let room = ConversationName("#room")
    session.join(room, key: nil, at: start)
    let events = drain(&session)
    let then = start.advanced(byMilliseconds: 100)
    #expect(events.map(\.0) == [100, 100])
    #expect(
      events.map(\.1) == [
        .joined(room, time: then),
        .membersListed(room, ["Person B"].map { Member($0) }, time: then),
      ])
  }

  @Test func aLeavingRunWaitsForConversationRequestsToBeConfirmed() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    let room = ConversationName("#room")
    session.join(room, key: nil, at: start)
    #expect(session.isExpectingEvents)
    _ = session.nextEvent(dueBy: start.advanced(byMilliseconds: 100))  // joined
    #expect(session.isExpectingEvents, "the member list is still to come")
    _ = session.nextEvent(dueBy: start.advanced(byMilliseconds: 100))  // members
    #expect(!session.isExpectingEvents)
    session.part(room, reason: nil, at: start.advanced(byMilliseconds: 200))
    session.setTopic("t", of: room, at: start.advanced(byMilliseconds: 200))
    #expect(session.isExpectingEvents)
    _ = drain(&session)
    #expect(!session.isExpectingEvents)
  }

  @Test func inAJoinedChannelThePeerAnswersAsInTheSeed() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    let room = ConversationName("#room")
    session.join(room, key: nil, at: start)
    _ = drain(&session)
    session.send(message("hi", at: 200, in: room), at: start.advanced(byMilliseconds: 200))
    let events = drain(&session)
    #expect(events.first?.0 == 300)
    let answer = reply(in: events)
    #expect(answer?.0 == 500)
    #expect(answer?.1.sender == "Person B")
    #expect(answer?.1.conversation == room)
  }

  @Test func inAPrivateChatThePersonItIsNamedAfterAnswers() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    let carol = ConversationName("Carol")
    session.send(message("hi", in: carol), at: start)
    let answer = reply(in: drain(&session))
    #expect(answer?.0 == 300)
    #expect(answer?.1.sender == "Carol")
    #expect(answer?.1.conversation == carol)
  }

  @Test func nobodyAnswersInAChannelNotJoinedOrLeft() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    let room = ConversationName("#room")
    session.send(message("hi", in: room), at: start)
    #expect(reply(in: drain(&session)) == nil)
    session.join(room, key: nil, at: start)
    session.part(room, reason: "bye", at: start.advanced(byMilliseconds: 1))
    let events = drain(&session)
    #expect(events.last?.1 == .left(room, reason: "bye", time: start.advanced(byMilliseconds: 101)))
    session.send(message("hi", in: room), at: start.advanced(byMilliseconds: 200))
    #expect(reply(in: drain(&session)) == nil)
  }

  @Test func aTopicIsConfirmedInAJoinedChannelOnly() {
    var session = SimulatedSession(ids: SeededUUIDGenerator(seed: 1))
    let room = ConversationName("#room")
    session.setTopic("t", of: room, at: start)
    #expect(drain(&session).isEmpty)
    session.join(room, key: nil, at: start)
    _ = drain(&session)
    session.setTopic("t", of: room, at: start)
    #expect(
      drain(&session).map(\.1) == [
        .topicChanged(room, topic: "t", by: nil, time: start.advanced(byMilliseconds: 100))
      ])
  }

  /// Every event the session produces, with the millisecond offset it was due at.
  private func drain(_ session: inout SimulatedSession) -> [(Int64, Action.Session)] {
    var events: [(Int64, Action.Session)] = []
    var stall = StallGuard()
    while let due = session.nextDeadline {
      // A due event can be one nobody gets (lost with a connection, or unheard): nil. The
      // next deadline is then a later one, or the loop is stuck.
      let event = session.nextEvent(dueBy: due)
      if let event { events.append((start.milliseconds(to: due), event)) }
      if stall.isStalled(at: due, progressed: event != nil) { break }
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
