import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCCTCPTests {
  @Test(arguments: [
    ("\u{1}ACTION waves\u{1}", "ACTION", "waves"),
    ("\u{1}ACTION waves", "ACTION", "waves"),
    ("\u{1}action  two  spaces \u{1}", "ACTION", " two  spaces "),
    ("\u{1}VERSION\u{1}", "VERSION", ""),
    ("\u{1}ACTION\u{1}", "ACTION", ""),
  ])
  func parsesRequests(_ text: String, _ command: String, _ parameters: String) {
    #expect(IRCCTCP(parsing: text) == IRCCTCP(command: command, parameters: parameters))
  }

  @Test(arguments: ["hello", "", "\u{1}", "\u{1}\u{1}", "\u{1} x\u{1}", " \u{1}ACTION x\u{1}"])
  func plainTextIsNotCTCP(_ text: String) {
    #expect(IRCCTCP(parsing: text) == nil)
  }

  @Test func buildsAnActionThatParsesBack() {
    let action = IRCCTCP.action("waves at you")
    #expect(action.text == "\u{1}ACTION waves at you\u{1}")
    #expect(IRCCTCP(parsing: action.text) == action)
    #expect(IRCCTCP(command: "VERSION").text == "\u{1}VERSION\u{1}")
  }
}
