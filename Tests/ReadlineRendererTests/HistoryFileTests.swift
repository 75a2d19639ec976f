import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(2))) struct HistoryFileTests {
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
}
