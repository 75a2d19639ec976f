import ChatCore
import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(10))) struct CommandCompletionTests {
  @Test(
    arguments: [
      (
        "/",
        [
          "/help", "/join", "/list", "/me", "/msg", "/names", "/part", "/query", "/quit", "/retry",
          "/search", "/switch", "/topic", "/win", "/away", "/ban", "/channels", "/deop", "/devoice",
          "/history", "/invite", "/kick", "/mode", "/monitor", "/nick", "/notice", "/op", "/quote",
          "/react", "/reply", "/setname",
          "/unban", "/voice",
          "/who", "/whois",
        ]
      ),
      ("/m", ["/me", "/msg", "/mode", "/monitor"]),
      ("/who", ["/who", "/whois"]),
      ("/h", ["/help", "/history"]),
      ("/quit", ["/quit"]),
      ("/x", []),
      ("help", []),
    ] as [(String, [String])])
  func commandsCompleteFromTheirPrefix(prefix: String, matches: [String]) {
    #expect(CommandCompletion.matches(for: prefix) == matches)
  }

  @Test func theCommonPrefixIsWhatEveryMatchStartsWith() {
    #expect(CommandCompletion.commonPrefix(of: ["/help", "/hello"]) == "/hel")
    #expect(CommandCompletion.commonPrefix(of: ["/help", "/quit"]) == "/")
    #expect(CommandCompletion.commonPrefix(of: []) == "")
  }
}

/// Conversation names after the commands that take one, members' names elsewhere.
@Suite(.timeLimit(.minutes(10))) struct NameCompletionTests {
  private let context = CompletionContext(
    conversations: ["Conversation", "#ops", "#Opera", "#rust", "Carol"],
    members: ["Bob", "bobby", "Person B", "[Dan]"])

  @Test(
    arguments: [
      ("/join ", "#o", ["#ops", "#Opera"]), ("/part ", "#R", ["#rust"]),
      ("/switch ", "", ["Conversation", "#ops", "#Opera", "#rust", "Carol"]),
      ("/win ", "c", ["Conversation", "Carol"]), ("/names ", "#", ["#ops", "#Opera", "#rust"]),
      ("/query ", "b", ["Bob", "bobby"]), ("/msg ", "ca", ["Carol"]),
      ("/msg ", "P", ["Person B"]), ("/switch ", "#x", []),
      ("/switch  ", "#r", ["#rust"]), ("/J ", "#o", ["#ops", "#Opera"]),
      ("/q ", "ca", ["Carol"]),
    ] as [(String, String, [String])])
  func conversationNamesCompleteAfterTheirCommands(
    before: String, word: String, matches: [String]
  ) {
    #expect(CommandCompletion.matches(for: word, after: before, in: context) == matches)
  }

  @Test(
    arguments: [
      ("", "bo", ["Bob:", "bobby:"]), ("", "{d", ["[Dan]:"]), ("", "pers", ["Person B:"]),
      ("thanks ", "Bo", ["Bob", "bobby"]), ("/me waves at ", "bobb", ["bobby"]),
      ("/msg Carol ask ", "bob", ["Bob", "bobby"]), ("/join #ops ", "bo", ["Bob", "bobby"]),
      ("", "x", []), ("hello ", "", []), ("/topic ", "", []), ("", "/sw", ["/switch"]),
      ("/topic ", "/s", []), ("/whois ", "bo", ["Bob", "bobby"]), ("/op ", "[", ["[Dan]"]),
      ("/op Bob ", "bobb", ["bobby"]), ("/KICK ", "pe", ["Person B"]), ("/nick ", "bo", []),
    ] as [(String, String, [String])])
  func membersNamesCompleteAnywhereElse(before: String, word: String, matches: [String]) {
    #expect(CommandCompletion.matches(for: word, after: before, in: context) == matches)
  }

  @Test func aReplacementNeverShortensWhatWasTyped() {
    #expect(CommandCompletion.replacement(for: "bo", matches: ["Bob:", "bobby:"]) == "bo")
    #expect(CommandCompletion.replacement(for: "#o", matches: ["#ops", "#opera"]) == "#op")
    #expect(CommandCompletion.replacement(for: "bobb", matches: ["bobby"]) == "bobby")
  }

  @Test func theContextIsTheStatesNamesWithoutYou() {
    var state = AppState(localName: "PersonA")
    state.sessionStatus = .connected
    _ = update(&state, .session(.joined(ConversationName("#ops"), time: .virtualEpoch)))
    _ = update(
      &state,
      .session(
        .membersListed(
          ConversationName("#ops"), ["Person B", "Bob", "persona"].map { Member($0) },
          time: .virtualEpoch)))
    let context = CompletionContext(state)
    #expect(context.conversations == ["Conversation", "#ops"])
    #expect(context.members == ["Bob", "Person B"])
    #expect(!context.isStale(for: state))
    _ = update(
      &state,
      .session(
        .memberJoined(Member("Carol"), channel: ConversationName("#ops"), time: .virtualEpoch)))
    #expect(context.isStale(for: state), "a member joining changes what completes")
    _ = update(&state, .user(.openedPrivateChat(with: "Carol", time: .virtualEpoch)))
    #expect(CompletionContext(state).members == ["Carol"])
  }
}
