import FoundationEssentials
import Testing

@testable import ChatCore

/// In the channel #room (active), on a server.
private func onServer() -> AppState {
  var state = inRoom()
  state.hasServer = true
  return state
}

/// The server's commands (`/nick`, `/whois`, `/kick`, …): what each asks of the session, their
/// short forms and any case, and what each says when it cannot apply.
@Suite(.timeLimit(.minutes(10))) struct ServerCommandTests {
  @Test(arguments: [
    ("/nick bob", SessionRequest.changeNick("bob")),
    ("/whois bob", .whois("bob")),
    ("/wi bob", .whois("bob")),
    ("/whois", .whois("PersonA")),
    ("/who #ops", .who("#ops")),
    ("/w *.example", .who("*.example")),
    ("/who", .who("#room")),
    ("/away gone  fishing ", .setAway("gone  fishing ")),
    ("/away", .setAway(nil)),
    ("/back", .setAway(nil)),
    ("/notice #ops heads up", .notice(to: ConversationName("#ops"), text: "heads up")),
    ("/notice bob hi", .notice(to: ConversationName("bob"), text: "hi")),
    ("/invite bob", .invite("bob", to: room)),
    ("/invite bob #ops", .invite("bob", to: ConversationName("#ops"))),
    ("/kick bob", .kick("bob", from: room, reason: nil)),
    ("/kick bob go  away", .kick("bob", from: room, reason: "go  away")),
    ("/k bob", .kick("bob", from: room, reason: nil)),
    ("/kick #ops bob spam", .kick("bob", from: ConversationName("#ops"), reason: "spam")),
    ("/mode", .setModes(of: "#room", modes: [])),
    ("/mode +nt", .setModes(of: "#room", modes: ["+nt"])),
    ("/mode -k  key", .setModes(of: "#room", modes: ["-k", "key"])),
    ("/mode #ops +o bob", .setModes(of: "#ops", modes: ["+o", "bob"])),
    ("/mode PersonA +i", .setModes(of: "PersonA", modes: ["+i"])),
    (
      "/op a b c d",
      .setMemberMode(.operator, adding: true, targets: ["a", "b", "c", "d"], in: room)
    ),
    ("/deop a", .setMemberMode(.operator, adding: false, targets: ["a"], in: room)),
    ("/voice a", .setMemberMode(.voice, adding: true, targets: ["a"], in: room)),
    ("/devoice a", .setMemberMode(.voice, adding: false, targets: ["a"], in: room)),
    (
      "/ban bob *!*@evil.example",
      .setMemberMode(.ban, adding: true, targets: ["bob", "*!*@evil.example"], in: room)
    ),
    ("/b bob", .setMemberMode(.ban, adding: true, targets: ["bob"], in: room)),
    ("/unban bob!*@*", .setMemberMode(.ban, adding: false, targets: ["bob!*@*"], in: room)),
    ("/ub bob", .setMemberMode(.ban, adding: false, targets: ["bob"], in: room)),
    (
      "/op #ops a",
      .setMemberMode(.operator, adding: true, targets: ["a"], in: ConversationName("#ops"))
    ),
    ("/quote VERSION", .rawLine("VERSION")),
    ("/quote PRIVMSG #x :two  spaces ", .rawLine("PRIVMSG #x :two  spaces ")),
    ("/channels", .listChannels(mask: nil)),
    ("/channels #c*", .listChannels(mask: "#c*")),
    ("/monitor", .monitor(.list)),
    ("/monitor   ", .monitor(.list)),
    ("/monitor +bob,Carol", .monitor(.add(["bob", "Carol"]))),
    ("/monitor bob carol", .monitor(.add(["bob", "carol"]))),
    ("/MONITOR + bob, carol", .monitor(.add(["bob", "carol"]))),
    ("/monitor -bob", .monitor(.remove(["bob"]))),
    ("/monitor - bob,,carol", .monitor(.remove(["bob", "carol"]))),
  ])
  func aServerCommandAsksTheSessionAndChangesNothing(line: String, request: SessionRequest) {
    expectUpdate(onServer(), typed(line), effects: [.perform(request)])
  }

  @Test(arguments: ["/NICK bob", "/Nick bob", "/nIcK bob"])
  func commandWordsAreCaseInsensitive(line: String) {
    expectUpdate(onServer(), typed(line), effects: [.perform(.changeNick("bob"))])
  }

  @Test(arguments: [
    ("/HELP", Effect.show(.help)), ("/Help server", .show(.serverHelp)),
    ("/help whois", .show(.serverHelp)), ("/help /w", .show(.serverHelp)),
    ("/help j", .show(.conversationHelp)), ("/help Conversations", .show(.conversationHelp)),
    ("/help quit", .show(.help)), ("/help nothing", .show(.help)),
  ])
  func helpNamesTheGroupOfACommandOrAShortForm(line: String, effect: Effect) {
    expectUpdate(onServer(), typed(line), effects: [effect])
  }

  @Test(arguments: [
    ("/j #ops", "/join #ops"), ("/m bob hi", "/msg bob hi"), ("/q bob", "/query bob"),
    ("/n", "/names"), ("/t", "/topic"), ("/p", "/part"), ("/leave", "/part"),
    ("/bye", "/quit"), ("/exit", "/quit"), ("/signoff", "/quit"), ("/J #ops", "/join #ops"),
  ])
  func irssisShortFormsDoWhatTheirCommandsDo(short: String, long: String) {
    var byShort = onServer()
    var byLong = onServer()
    let shortEffects = update(&byShort, typed(short))
    #expect(shortEffects == update(&byLong, typed(long)), "\(short)")
    #expect(byShort == byLong, "\(short)")
  }

  @Test func theSimulatedPeerHasNoServerAndEachServerCommandSaysSo() {
    let lines: [(String, Command.Name)] = [
      ("/nick bob", .nick), ("/whois bob", .whois), ("/wi bob", .whois), ("/who #x", .who),
      ("/w #x", .who), ("/away", .away), ("/back", .away), ("/notice bob hi", .notice),
      ("/invite bob", .invite), ("/kick bob", .kick), ("/k bob", .kick), ("/mode +i", .mode),
      ("/op a", .op), ("/deop a", .deop), ("/voice a", .voice), ("/devoice a", .devoice),
      ("/ban a", .ban), ("/unban a", .unban), ("/b a", .ban), ("/ub a", .unban),
      ("/quote VERSION", .quote), ("/channels", .channels), ("/monitor +bob", .monitor),
      ("/monitor", .monitor),
    ]
    for (line, name) in lines {
      expectUpdate(inRoom(), typed(line), effects: [.show(.needsServer(name))])
    }
    expectUpdate(
      inRoom(), requested(.kick("bob", channel: nil, reason: nil)),
      effects: [.show(.needsServer(.kick))])
    expectUpdate(
      inRoom(), requested(.memberMode(.voice, adding: false, targets: ["a"], channel: nil)),
      effects: [.show(.needsServer(.devoice))])
  }

  @Test(arguments: [
    "/nick", "/notice", "/notice bob", "/invite", "/kick", "/op", "/deop", "/voice",
    "/devoice", "/ban", "/unban", "/quote", "/quote   ", "/b", "/k", "/monitor +", "/monitor -",
    "/monitor - ,",
  ])
  func aServerCommandWithoutItsArgumentShowsItsUsage(line: String) {
    let name = Command.Name(typed: line.dropFirst().prefix { $0 != " " })!
    expectUpdate(onServer(), typed(line), effects: [.show(.missingArgument(name))])
  }

  @Test(arguments: [
    ("/nick #bob", NameError.notANick("#bob")),
    ("/nick b!ob", .malformed("b!ob", kind: .privateChat, character: "!")),
    (
      "/whois " + String(repeating: "n", count: 31),
      .tooLong(String(repeating: "n", count: 31), kind: .privateChat, limit: 30)
    ),
    ("/kick #room", .notANick("#room")),
    ("/invite bob ops", .notAChannel("ops")),
    ("/op bob b*b", .malformed("b*b", kind: .privateChat, character: "*")),
    ("/notice b!ob hi", .malformed("b!ob", kind: .privateChat, character: "!")),
    ("/monitor +bob,#ops", .notANick("#ops")),
    ("/monitor -b*b", .malformed("b*b", kind: .privateChat, character: "*")),
  ])
  func aBadNameGetsOneNoticeAndNothingIsAsked(line: String, error: NameError) {
    expectUpdate(onServer(), typed(line), effects: [.show(.badName(error))])
  }

  @Test(arguments: ["/kick bob", "/invite bob", "/op bob", "/ban bob", "/mode +i", "/mode"])
  func aChannelCommandOutsideAChannelSaysSo(line: String) {
    var state = onServer()
    state = update(state, typed("/switch 1"))
    expectUpdate(state, typed(line), effects: [.show(.notAChannel(.initial))])
  }

  @Test func whoOutsideAChannelNeedsAMaskAndWhoisInAPrivateChatAsksAboutItsPerson() {
    var state = onServer()
    state = update(state, typed("/query Carol"))
    expectUpdate(state, typed("/whois"), effects: [.perform(.whois("Carol"))])
    expectUpdate(state, typed("/who"), effects: [.show(.missingArgument(.who))])
  }

  @Test func joinTakesSeveralChannelsEachWithItsKeyAndAwaitsEachAnswer() {
    let (a, b, c) = (ConversationName("#a"), ConversationName("#b"), ConversationName("#c"))
    expectUpdate(
      onServer(), typed("/join #a,b,#c k1,,k3"),
      effects: [.join(a, key: "k1"), .join(b), .join(c, key: "k3")] + answerWaitStarts
    ) {
      $0.channelRequests = [
        ChannelRequest(.join, a), ChannelRequest(.join, b), ChannelRequest(.join, c),
      ]
    }
    // The open one is skipped, not switched to, when several are named.
    let new = ConversationName("#new")
    expectUpdate(onServer(), typed("/join #room,#new"), effects: awaiting(.join(new))) {
      $0.channelRequests = [ChannelRequest(.join, new)]
    }
    let x = ConversationName("#x")
    expectUpdate(
      onServer(), requested(.join("#x", key: "secret")), effects: awaiting(.join(x, key: "secret"))
    ) { $0.channelRequests = [ChannelRequest(.join, x)] }
  }

  @Test func quitTakesItsReasonFromAJSONRequestToo() {
    expectUpdate(
      onServer(), requested(.quit(reason: "lunch")), effects: [.leave(reason: "lunch")]
    ) {
      $0.phase = .draining
      $0.quitReason = "lunch"
      $0.hasAskedSessionToLeave = true
    }
  }

  @Test(arguments: [
    (Request.nick("bob"), "/nick bob"), (.whois("bob"), "/whois bob"), (.who("#ops"), "/who #ops"),
    (.away("lunch"), "/away lunch"), (.away(nil), "/away"),
    (.notice(to: "#ops", text: "hi"), "/notice #ops hi"),
    (.invite("bob", channel: nil), "/invite bob"),
    (.invite("bob", channel: "#x"), "/invite bob #x"),
    (.kick("bob", channel: nil, reason: "spam"), "/kick bob spam"),
    (.kick("bob", channel: "#x", reason: nil), "/kick #x bob"),
    (.mode(target: nil, modes: ["+nt"]), "/mode +nt"), (.mode(target: "#x", modes: []), "/mode #x"),
    (.memberMode(.operator, adding: true, targets: ["a", "b"], channel: nil), "/op a b"),
    (.memberMode(.ban, adding: false, targets: ["*!*@h"], channel: "#x"), "/unban #x *!*@h"),
    (.quote("VERSION"), "/quote VERSION"), (.channels(mask: nil), "/channels"),
    (.channels(mask: "#a*"), "/channels #a*"), (.join("#a,#b", key: "k1,k2"), "/join #a,#b k1,k2"),
    (.quit(reason: "bye"), "/quit bye"),
    (.monitor(.add(["bob", "carol"])), "/monitor +bob,carol"), (.monitor(.list), "/monitor"),
    (.monitor(.remove(["bob"])), "/monitor -bob"),
  ])
  func aServerRequestDoesWhatItsTypedCommandDoes(request: Request, line: String) {
    for state in [onServer(), inRoom()] {
      var byRequest = state
      var byTyping = state
      let requestEffects = update(&byRequest, requested(request))
      let typedEffects = update(&byTyping, typed(line))
      #expect(byRequest == byTyping, "\(request)")
      #expect(requestEffects == typedEffects, "\(request)")
      #expect(state.wouldSend(request) == state.wouldSend(typing: line), "\(request)")
    }
  }

  @Test func aServerCommandWouldSendOnlyWithAServer() {
    #expect(onServer().wouldSend(typing: "/whois bob"))
    #expect(onServer().wouldSend(.quote("VERSION")))
    #expect(!inRoom().wouldSend(typing: "/whois bob"))
    #expect(!inRoom().wouldSend(.quote("VERSION")))
  }

  @Test func aReplyIsShownWholeAtItsTime() {
    var whois = WhoisReply(nick: "bob")
    whois.channels = ["@#room"]
    expectUpdate(
      onServer(), .session(.replied(.whois(whois), time: at(7))),
      effects: [.show(.reply(.whois(whois), time: at(7)))])
  }

  @Test func yourNickChangeIsToldInTheServerConversationWhenNoChannelSharesIt() {
    var state = connected()
    state.hasServer = true
    expectUpdate(state, .session(.nickChanged(from: "PersonA", to: "Alice", time: at(3)))) {
      $0.localName = "Alice"
      $0.log(.memberRenamed(from: "PersonA", to: "Alice"), in: .initial, at: at(3))
    }
    // In a channel, the channel tells it, once.
    expectUpdate(onServer(), .session(.nickChanged(from: "PersonA", to: "Alice", time: at(3)))) {
      $0.localName = "Alice"
      $0.conversations.modify(at: 1) {
        _ = $0.members?.rename(key: "persona", to: "Alice", newKey: "alice")
      }
      $0.log(.memberRenamed(from: "PersonA", to: "Alice"), in: room, at: at(3))
    }
    // A fallback at registration is told by its own notice.
    expectUpdate(state, .session(.registeredAs("PersonA_", time: at(3)))) {
      $0.localName = "PersonA_"
    }
  }
}
