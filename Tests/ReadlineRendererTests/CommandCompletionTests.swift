import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(2))) struct CommandCompletionTests {
  @Test(
    arguments: [
      (
        "/",
        [
          "/help", "/join", "/list", "/me", "/msg", "/names", "/part", "/query", "/quit", "/retry",
          "/switch", "/topic", "/win",
        ]
      ),
      ("/m", ["/me", "/msg"]),
      ("/h", ["/help"]),
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
