import ChatCore
import Testing

@Suite(.timeLimit(.minutes(2))) struct TypedLineTests {
  @Test(arguments: [
    ("hello", TypedLine.message("hello")),
    ("", .blank),
    ("   ", .blank),
    ("/quit", .command(.quit)),
    ("/help", .command(.help)),
    ("/help me", .command(.help)),
    ("//quit", .message("/quit")),
    ("//", .message("/")),
    ("/", .unknownCommand("")),
    ("/QUIT", .unknownCommand("QUIT")),
    (" /quit", .message(" /quit")),
    ("/nope x", .unknownCommand("nope")),
  ])
  func typedLinesAreReadAsMessagesOrCommands(line: String, expected: TypedLine) {
    #expect(TypedLine(parsing: line) == expected)
  }

  @Test func everyCommandHasASummary() {
    for command in Command.allCases {
      #expect(!command.summary.isEmpty, "\(command)")
    }
  }
}
