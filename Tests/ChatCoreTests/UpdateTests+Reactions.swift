import FoundationEssentials
import Testing

@testable import ChatCore

/// #room on a server, holding Bob's `hello everyone, this is a long first message` (msgid m1)
/// and Person B's `second` (msgid m2).
private func withMessages() -> AppState {
  var state = inRoom()
  state.hasServer = true
  var first = said(1, "hello everyone, this is a long first message", by: "Bob", in: room, 200)
  first.serverMessageID = "m1"
  var second = said(2, "second", in: room, 300)
  second.serverMessageID = "m2"
  state = update(state, .session(.received(first)))
  return update(state, .session(.received(second)))
}

/// The reference a reply or reaction to Bob's first message carries, as the session makes it.
private let toFirst = MessageReference(serverMessageID: "m1", id: id(1))
/// The same, once the core found it.
private let firstFound = MessageReference(
  serverMessageID: "m1", id: id(1), sender: "Bob",
  excerpt: "hello everyone, this is a long first mes")

/// `+draft/reply` and `+draft/react`: a reply shows what it answers; reactions are counted per
/// message and shown once each; `/reply N` and `/react N` count back from the newest.
@Suite(.timeLimit(.minutes(10))) struct UpdateReactionTests {
  @Test func aReplyShowsTheSenderAndStartOfWhatItAnswersOrAnEarlierMessage() {
    let state = withMessages()
    var reply = said(3, "welcome!", by: "Carol", in: room, 400)
    reply.inReplyTo = toFirst
    expectUpdate(state, .session(.received(reply))) {
      var shown = reply
      shown.inReplyTo = firstFound
      $0.enter(shown, in: 1)
    }
    var unknown = said(4, "what?", by: "Carol", in: room, 400)
    unknown.inReplyTo = MessageReference(serverMessageID: "gone", id: id(99))
    expectUpdate(state, .session(.received(unknown))) { $0.enter(unknown, in: 1) }
  }

  @Test func reactionsAreCountedPerMessageAndARepeatShowsNothing() {
    var state = withMessages()
    let bob = Reaction(sender: "Bob", conversation: room, text: "👍", target: toFirst)
    var found = bob
    found.target = firstFound
    state = expectUpdate(state, .session(.reacted(bob, time: at(500)))) {
      _ = $0.reactions.add("👍", by: "bob", to: "m1")
      $0.log(.reacted(found, counts: [ReactionCount("👍", 1)]), in: room, at: at(500))
    }
    expectUpdate(state, .session(.reacted(bob, time: at(600))))
    var dave = bob
    dave.sender = "Dave"
    found.sender = "Dave"
    state = expectUpdate(state, .session(.reacted(dave, time: at(600)))) {
      _ = $0.reactions.add("👍", by: "dave", to: "m1")
      $0.log(.reacted(found, counts: [ReactionCount("👍", 2)]), in: room, at: at(600))
    }
    #expect(state.reactions.counts(for: "m1") == [ReactionCount("👍", 2)])
  }

  @Test func aReactionToAMessageNeverSeenSaysSoAndOneWhereNothingIsOpenIsDropped() {
    let state = withMessages()
    let unknown = MessageReference(serverMessageID: "gone", id: id(99))
    let reaction = Reaction(sender: "Bob", conversation: room, text: "🎉", target: unknown)
    expectUpdate(state, .session(.reacted(reaction, time: at(500)))) {
      _ = $0.reactions.add("🎉", by: "bob", to: "gone")
      $0.log(.reacted(reaction, counts: [ReactionCount("🎉", 1)]), in: room, at: at(500))
    }
    var elsewhere = reaction
    elsewhere.conversation = ConversationName("#nowhere")
    expectUpdate(state, .session(.reacted(elsewhere, time: at(500))))
  }

  @Test func theTallyStaysBounded() {
    var tally = ReactionTally()
    for index in 0..<(ReactionTally.messageLimit + 10) {
      let added = tally.add("👍", by: "bob", to: "m\(index)")
      #expect(added)
    }
    #expect(tally.messageCount == ReactionTally.messageLimit)
    #expect(tally.counts(for: "m0").isEmpty)
    for index in 0..<(ReactionTally.kindLimit + 5) {
      _ = tally.add("r\(index)", by: "bob", to: "x")
    }
    #expect(tally.counts(for: "x").count == ReactionTally.kindLimit)
    for index in 0..<(ReactionTally.senderLimit + 5) {
      _ = tally.add("👍", by: "n\(index)", to: "y")
    }
    #expect(tally.counts(for: "y") == [ReactionCount("👍", ReactionTally.senderLimit)])
  }

  @Test func slashReplySendsAReplyToTheNthNewestMessage() {
    let state = withMessages()
    let reply = Message(
      id: id(9), sender: "PersonA", text: "thanks Bob", time: at(500), isLocal: true,
      conversation: room, inReplyTo: firstFound)
    expectUpdate(state, typed("/reply 2 thanks Bob"), effects: sent(reply)) {
      $0.outbox.append(reply)
      $0.sentCount += 1
    }
  }

  @Test func slashReactReactsToTheNthNewestMessage() {
    expectUpdate(
      withMessages(), typed("/react 1 🎉"), effects: [.perform(.react("🎉", to: "m2", in: room))])
  }

  @Test(arguments: [
    ("/reply 3 hi", Notice.noSuchMessage(back: 3, in: room)),
    ("/react 9 👍", .noSuchMessage(back: 9, in: room)),
    ("/react 1 " + String(repeating: "a", count: 65), .reactionTooLong(limit: 64)),
  ])
  func aMessageThatIsNotThereIsSaid(_ line: String, _ notice: Notice) {
    expectUpdate(withMessages(), typed(line), effects: [.show(notice)])
  }

  @Test func aMessageWithoutAServerIDCannotBeAnswered() {
    var state = inRoom()
    state.hasServer = true
    state = update(state, .session(.received(said(1, "no msgid", in: room, 200))))
    expectUpdate(state, typed("/reply 1 hi"), effects: [.show(.noServerMessageID(back: 1))])
  }

  @Test(arguments: ["/reply", "/reply 1", "/reply x hi", "/reply 0 hi", "/react 1", "/react"])
  func aReplyOrReactionWithoutItsArgumentsShowsItsUsage(_ line: String) {
    let name = Command.Name(typed: line.dropFirst().prefix { $0 != " " })!
    expectUpdate(withMessages(), typed(line), effects: [.show(.missingArgument(name))])
  }

  @Test func jsonRequestsNameTheMessageByItsServerID() {
    let state = withMessages()
    let reply = Message(
      id: id(9), sender: "PersonA", text: "thanks", time: at(500), isLocal: true,
      conversation: room, inReplyTo: MessageReference(to: state.messages[0], serverMessageID: "m1"))
    expectUpdate(state, requested(.reply(to: "m1", text: "thanks")), effects: sent(reply)) {
      $0.outbox.append(reply)
      $0.sentCount += 1
    }
    var unknown = reply
    unknown.inReplyTo = MessageReference(serverMessageID: "gone")
    expectUpdate(state, requested(.reply(to: "gone", text: "thanks")), effects: sent(unknown)) {
      $0.outbox.append(unknown)
      $0.sentCount += 1
    }
    expectUpdate(
      state, requested(.react(to: "m1", reaction: "👍")),
      effects: [.perform(.react("👍", to: "m1", in: room))])
  }

  @Test func theEchoOfAReplyKeepsWhatItAnswers() {
    var state = withMessages()
    state = update(state, typed("/reply 2 thanks Bob"))
    var echo = Message(
      id: id(9), sender: "PersonA", text: "thanks Bob", time: at(700), conversation: room)
    echo.serverMessageID = "m3"
    state = update(state, .session(.echoed(echo)))
    #expect(state.messages.last?.inReplyTo == firstFound)
  }
}
