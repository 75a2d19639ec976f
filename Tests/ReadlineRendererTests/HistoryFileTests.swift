import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(10))) struct HistoryFileTests {
  @Test(
    arguments: [
      (["XDG_STATE_HOME": "/s", "HOME": "/h"], "/s/chat/history"),
      (["HOME": "/h"], "/h/.local/state/chat/history"),
      (["XDG_STATE_HOME": "relative", "HOME": "/h"], "/h/.local/state/chat/history"),
      (["XDG_STATE_HOME": ""], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func theFileFollowsTheXDGStateFolder(environment: [String: String], path: String?) {
    #expect(HistoryFile.defaultPath(environment: environment) == path)
  }

  @Test func blankLinesAndRepeatsAreNotStored() {
    #expect(HistoryFile.shouldStore("hello", after: nil))
    #expect(HistoryFile.shouldStore("hello", after: "hi"))
    #expect(!HistoryFile.shouldStore("hello", after: "hello"))
    #expect(!HistoryFile.shouldStore("", after: nil))
    #expect(!HistoryFile.shouldStore("  \t", after: "x"))
  }

  @Test(
    arguments: [
      ("first\nsecond\n", nil, ["first", "second"]),
      ("a\n\nb\n\n", nil, ["a", "b"]),  // A CRLF paste: readline reads each CR as LF.
      ("x\nx\ny", nil, ["x", "y"]),
      ("x\ny", "x", ["y"]),
      ("\n \n", "x", []),
      ("one", "two", ["one"]),
    ] as [(String, String?, [String])])
  func aPastedBlockIsStoredOneLineAtATimeWithoutBlanks(
    line: String, previous: String?, entries: [String]
  ) {
    #expect(HistoryFile.entries(for: line, after: previous) == entries)
  }
}
