import ChatCore
import Testing

@Suite(.timeLimit(.minutes(10))) struct TypedLineTests {
  @Test(arguments: [
    ("hello", TypedLine.message("hello")),
    ("", .blank),
    ("   ", .blank),
    ("/quit", .command(.quit(reason: nil))),
    ("/quit Gone fishing", .command(.quit(reason: "Gone fishing"))),
    ("/help", .command(.help(topic: nil))),
    ("/help me", .command(.help(topic: "me"))),
    ("//quit", .message("/quit")),
    ("//", .message("/")),
    ("/", .unknownCommand("")),
    ("/QUIT", .command(.quit(reason: nil))),
    (" /quit", .message(" /quit")),
    ("/nope x", .unknownCommand("nope")),
  ])
  func typedLinesAreReadAsMessagesOrCommands(line: String, expected: TypedLine) {
    #expect(TypedLine(parsing: line) == expected)
  }

  @Test(arguments: [
    ("/join #room", TypedLine.command(.join("#room", keys: nil))),
    ("/join   room  extra", .command(.join("room", keys: "extra"))),
    ("/join", .missingArgument(.join)),
    ("/join   ", .missingArgument(.join)),
    ("/part", .command(.part(""))),
    ("/part #room gone  fishing ", .command(.part("#room gone  fishing "))),
    ("/msg Carol hi  there ", .command(.message(to: "Carol", text: "hi  there "))),
    ("/msg Carol", .missingArgument(.msg)),
    ("/msg Carol   ", .missingArgument(.msg)),
    ("/msg", .missingArgument(.msg)),
    ("/query Carol", .command(.query("Carol"))),
    ("/query", .missingArgument(.query)),
    ("/switch 2", .command(.switchTo("2"))),
    ("/switch #room", .command(.switchTo("#room"))),
    ("/win 3", .command(.switchTo("3"))),
    ("/switch", .missingArgument(.switch)),
    ("/win", .missingArgument(.win)),
    ("/list", .command(.list)),
    ("/names", .command(.names(nil))),
    ("/names #room", .command(.names("#room"))),
    ("/topic", .command(.topic(nil))),
    ("/topic   ", .command(.topic(nil))),
    ("/topic release  today", .command(.topic("release  today"))),
    ("/me waves ", .command(.action("waves "))),
    ("/me", .missingArgument(.me)),
    ("/me\twaves", .command(.action("waves"))),
  ])
  func conversationCommandsAreReadWithTheirArguments(line: String, expected: TypedLine) {
    #expect(TypedLine(parsing: line) == expected)
  }

  @Test func everyCommandHasASummaryAndAUsage() {
    for command in Command.Name.allCases {
      #expect(!command.summary.isEmpty, "\(command)")
      #expect(command.usage.hasPrefix("/" + command.rawValue), "\(command)")
    }
  }
}
