import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10)))
struct IRCCommandTests {
  @Test(arguments: [
    ("PRIVMSG", IRCCommand.privmsg), ("privmsg", .privmsg), ("Notice", .notice),
    ("001", .welcome), ("005", .support), ("433", .nickUnavailable(433)), ("432", .erroneousNick),
    ("904", .saslReply(904)), ("900", .loggedIn), ("404", .numeric(404)),
    ("WALLOPS", .other("WALLOPS")), ("wallops", .other("WALLOPS")), ("AWAY", .away),
    ("away", .away), ("301", .awayReply),
  ])
  func parsesOnceIntoItsCase(_ text: String, _ command: IRCCommand) {
    #expect(IRCCommand(text) == command)
  }

  @Test(arguments: [
    "001", "005", "301", "331", "332", "333", "353", "366", "396", "410",
    "421", "432", "433", "436", "437", "900", "901", "902", "903", "907", "908", "401", "999",
  ])
  func aNumericKeepsItsNumberWhetherNamedOrNot(_ text: String) {
    #expect(IRCCommand(text).number == Int(text))
  }

  @Test func wordsHaveNoNumber() {
    #expect(IRCCommand("JOIN").number == nil)
    #expect(IRCCommand("X").number == nil)
  }
}
