import FoundationEssentials
import Testing

@testable import ChatCore

/// Typing `line` at `milliseconds`, as the runtime reports it.
func typed(_ line: String, _ number: UInt8 = 9, _ milliseconds: Int64 = 500) -> Action {
  .user(.submitted(text: line, id: id(number), time: at(milliseconds)))
}

/// Conversation commands and the user actions they share.
extension UpdateTests {
  @Test(arguments: ["/join #room", "/join room", "/join   #room  ", "/JOIN #room", "/j room"])
  func joinAsksTheSessionToJoinAndAwaitsItsAnswer(line: String) {
    let awaited = [ChannelRequest(.join, room)]
    expectUpdate(connected(), typed(line), effects: awaiting(.join(room))) {
      $0.channelRequests = awaited
    }
    expectUpdate(
      connected(), .user(.joinRequested("#room", time: at(5))), effects: awaiting(.join(room))
    ) { $0.channelRequests = awaited }
  }

  /// `/search` changes nothing the core holds: it asks the renderers to show it (the full
  /// screen highlights, the others say it is the full screen's), never a message sent.
  @Test func searchIsShownAndChangesNothing() {
    expectUpdate(inRoom(), typed("/search  the build"), effects: [.show(.search("the build"))])
    expectUpdate(inRoom(), typed("/SEARCH"), effects: [.show(.search(nil))])
    #expect(!inRoom().wouldSend(typing: "/search x"))
  }

  @Test func joiningAChannelAlreadyOpenSwitchesToIt() {
    let state = update(inRoom(), typed("/switch 1"))
    expectUpdate(state, typed("/join #ROOM")) {
      $0.conversations.activate(at: 1)
      $0.log(.activated, in: room, at: at(500))
    }
  }

  @Test(arguments: [
    (
      "/join #" + String(repeating: "a", count: 50),
      NameError.tooLong(
        "#" + String(repeating: "a", count: 50), kind: .channel, limit: 50)
    ),
    ("/join #ok,#a\u{7}b", .malformed("#a\u{7}b", kind: .channel, character: "\u{7}")),
    ("/join #a\u{7}b", .malformed("#a\u{7}b", kind: .channel, character: "\u{7}")),
    (
      "/msg " + String(repeating: "n", count: 31) + " hi",
      .tooLong(
        String(repeating: "n", count: 31), kind: .privateChat, limit: 30)
    ),
    ("/msg n!ck hi", .malformed("n!ck", kind: .privateChat, character: "!")),
    ("/query #room", .notANick("#room")),
  ])
  func aBadNameGetsOneNoticeAndChangesNothing(line: String, error: NameError) {
    expectUpdate(connected(), typed(line), effects: [.show(.badName(error))])
  }

  @Test func namesAtTheLimitAreFine() {
    let channel = ConversationName("#" + String(repeating: "é", count: 24) + "a")  // 50 bytes
    expectUpdate(connected(), typed("/join " + channel.text), effects: awaiting(.join(channel))) {
      $0.channelRequests = [ChannelRequest(.join, channel)]
    }
    let nick = String(repeating: "n", count: 30)
    expectUpdate(connected(), typed("/query " + nick)) {
      _ = $0.conversations.open(ConversationName(nick), kind: .privateChat)
      $0.log(.opened(.privateChat), in: ConversationName(nick), at: at(500))
      $0.conversations.activate(at: 1)
      $0.log(.activated, in: ConversationName(nick), at: at(500))
    }
  }

  @Test func openingBeyondTheMostConversationsGetsANotice() {
    var state = connected()
    state.conversations = ConversationList(first: .initial, limit: 1)
    let notice = Effect.show(.tooManyConversations(limit: 1))
    expectUpdate(state, typed("/join #room"), effects: [notice])
    expectUpdate(state, typed("/query Carol"), effects: [notice])
    expectUpdate(state, typed("/msg Carol hi"), effects: [notice])
  }

  @Test func partLeavesTheActiveChannelThroughTheSessionAndAwaitsItsAnswer() {
    let awaited: (inout AppState) -> Void = { $0.channelRequests = [ChannelRequest(.part, room)] }
    expectUpdate(inRoom(), typed("/part"), effects: awaiting(.part(room, reason: nil)), awaited)
    expectUpdate(
      inRoom(), typed("/part gone fishing"), effects: awaiting(.part(room, reason: "gone fishing")),
      awaited)
    let elsewhere = update(inRoom(), typed("/switch 1"))
    expectUpdate(
      elsewhere, typed("/part #room bye"), effects: awaiting(.part(room, reason: "bye")), awaited)
    expectUpdate(
      inRoom(), .user(.leaveRequested(nil, reason: "x", time: at(5))),
      effects: awaiting(.part(room, reason: "x")), awaited)
  }

  @Test func partOfNothingThatCanBeLeftGetsOneNotice() {
    expectUpdate(connected(), typed("/part"), effects: [.show(.cannotLeave(.initial))])
    expectUpdate(inRoom(), typed("/part #nope"), effects: [.show(.notOpen("#nope"))])
  }

  @Test func partClosesAPrivateChatAtOnce() {
    let state = update(connected(), typed("/query Carol"))
    expectUpdate(state, typed("/part")) {
      $0.conversations.close(at: 1)
      $0.log(.closed(reason: nil), in: carol, at: at(500))
      $0.log(.activated, in: .initial, at: at(500))
    }
  }

  @Test func msgOpensANewPrivateChatWithoutSwitchingAndSendsToIt() {
    let message = said(9, "hi  there", by: "PersonA", in: carol, 500)
    var local = message
    local.isLocal = true
    expectUpdate(connected(), typed("/msg Carol hi  there"), effects: sent(local)) {
      _ = $0.conversations.open(carol, kind: .privateChat)
      $0.log(.opened(.privateChat), in: carol, at: at(500))
      $0.outbox = [local]
      $0.sentCount = 1
    }
  }

  @Test func msgToAnOpenConversationOrAChannelNotJoinedOpensNothing() {
    var toRoom = said(9, "hi", by: "PersonA", in: room, 500)
    toRoom.isLocal = true
    let state = update(inRoom(), typed("/switch 1"))
    expectUpdate(state, typed("/msg #ROOM hi"), effects: sent(toRoom)) {
      $0.outbox = [toRoom]
      $0.sentCount = 1
    }
    var elsewhere = said(9, "hi", by: "PersonA", in: ConversationName("#elsewhere"), 500)
    elsewhere.isLocal = true
    expectUpdate(connected(), typed("/msg #elsewhere hi"), effects: sent(elsewhere)) {
      $0.outbox = [elsewhere]
      $0.sentCount = 1
    }
  }

  @Test func queryOpensAPrivateChatAndSwitchesToIt() {
    let opened = expectUpdate(connected(), .user(.openedPrivateChat(with: "Carol", time: at(5)))) {
      _ = $0.conversations.open(carol, kind: .privateChat)
      $0.log(.opened(.privateChat), in: carol, at: at(5))
      $0.conversations.activate(at: 1)
      $0.log(.activated, in: carol, at: at(5))
    }
    expectUpdate(opened, typed("/query carol"))  // Already there.
  }

  @Test(arguments: ["/switch 1", "/win 1", "/switch conversation", "/switch Conversation"])
  func switchingMakesAConversationActiveAndItsMessagesRead(line: String) {
    var state = inRoom()
    state = update(state, .user(.switched(to: "#room", time: at(5))))
    state.conversations.modify(at: 0) { $0.unreadCount = 3 }
    expectUpdate(state, typed(line)) {
      $0.conversations.activate(at: 0)
      $0.log(.activated, in: .initial, at: at(500))
    }
  }

  @Test(arguments: ["/switch 3", "/switch 0", "/win 99999999999999999999", "/switch #nope"])
  func switchingToAConversationNotOpenGetsOneNotice(line: String) {
    let target = String(line.split(separator: " ")[1])
    expectUpdate(inRoom(), typed(line), effects: [.show(.notOpen(target))])
  }

  @Test func switchingToTheActiveConversationChangesNothing() {
    expectUpdate(inRoom(), typed("/switch 2"))
  }

  @Test func listShowsEveryConversationNumberedWithUnreadCounts() {
    var state = inRoom()
    state = update(state, .session(.received(said(2, "hi", in: .initial, 200))))
    expectUpdate(
      state, typed("/list"),
      effects: [
        .show(
          .conversations([
            ConversationSummary(
              number: 1, name: .initial, kind: .server, unreadCount: 1, isActive: false),
            ConversationSummary(
              number: 2, name: room, kind: .channel, unreadCount: 0, isActive: true),
          ]))
      ])
  }

  @Test func namesShowsAChannelsMembersSorted() {
    let members = Effect.show(
      .members(room, [Member("Bob"), Member("Person B"), Member("PersonA")]))
    expectUpdate(inRoom(), typed("/names"), effects: [members])
    expectUpdate(connected(), typed("/names"), effects: [.show(.notAChannel(.initial))])
    expectUpdate(inRoom(), typed("/names #nope"), effects: [.show(.notOpen("#nope"))])
  }

  @Test func namesListsOperatorsFirstThenVoicedThenTheRestEachWithEveryPrefix() {
    var rules = NameRules()
    rules.memberPrefixes = ["~", "@", "+"]
    var state = update(connected(), .session(.nameRulesChanged(rules)))
    state = update(state, .session(.joined(room, time: at(100))))
    let listed = [
      Member("zoe", prefixes: "+"), Member("amy"), Member("Bob", prefixes: "+@"),
      Member("Al", prefixes: "@"), Member("PersonA", prefixes: "~"),
    ]
    state = update(state, .session(.membersListed(room, listed, time: at(100))))
    expectUpdate(
      state, typed("/names"),
      effects: [
        .show(
          .members(
            room,
            [
              Member("PersonA", prefixes: "~"), Member("Al", prefixes: "@"),
              Member("Bob", prefixes: "@+"), Member("zoe", prefixes: "+"), Member("amy"),
            ]))
      ])
  }

  @Test func topicShowsOrAsksTheSessionToSetIt() {
    expectUpdate(inRoom(), typed("/topic"), effects: [.show(.topic(room, nil))])
    expectUpdate(inRoom(), typed("/topic ship it"), effects: [.setTopic(room, "ship it")])
    expectUpdate(connected(), typed("/topic x"), effects: [.show(.notAChannel(.initial))])
  }

  @Test func meSendsAnActionToTheActiveConversation() {
    var action = said(9, "waves", by: "PersonA", in: room, 500)
    action.isLocal = true
    action.isAction = true
    expectUpdate(inRoom(), typed("/me waves"), effects: sent(action)) {
      $0.outbox = [action]
      $0.sentCount = 1
    }
  }

  @Test(arguments: [
    ("/join", Command.Name.join), ("/msg Carol", .msg), ("/query", .query), ("/switch", .switch),
    ("/win", .win), ("/me", .me),
  ])
  func aMissingArgumentGetsItsUsage(line: String, name: Command.Name) {
    expectUpdate(connected(), typed(line), effects: [.show(.missingArgument(name))])
  }

  @Test(arguments: [
    ("/help conversations", Notice.conversationHelp), ("/help join", .conversationHelp),
    ("/help /msg", .conversationHelp), ("/help retry", .help), ("/help with words", .help),
  ])
  func helpAboutConversationsListsTheirCommands(line: String, notice: Notice) {
    expectUpdate(connected(), typed(line), effects: [.show(notice)])
  }

  @Test func conversationCommandsWhileLeavingAreNotRun() {
    var state = inRoom()
    state.phase = .draining
    state.hasAskedSessionToLeave = true
    expectUpdate(state, typed("/join #other"), effects: [.show(.notSentWhileLeaving)])
  }
}

/// Which conversation commands a piped run on the virtual clock types only once the previous
/// exchange is over: those that reach the session.
@Suite(.timeLimit(.minutes(10))) struct WouldSendTests {
  @Test(arguments: [
    ("/join #a", true), ("/part", true), ("/msg Carol hi", true), ("/me waves", true),
    ("/topic new", true), ("/topic", false), ("/list", false), ("/names", false),
    ("/switch 1", false), ("/query Carol", false), ("/join", false), ("/help join", false),
  ])
  func commandsThatReachTheSessionWaitTheirTurn(line: String, sends: Bool) {
    #expect(connected().wouldSend(typing: line) == sends)
  }
}
