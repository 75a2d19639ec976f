import ChatCore
import Foundation
import Testing

/// Every command chat has, and every irssi short form, is in `/help` (as the built binary
/// prints it) and in the README's command tables: none hidden, none documented that is not
/// there. `Command.Name`, the one list commands are parsed from, is what both are checked
/// against.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct CommandDocumentationTests {
  /// The README's section on commands, from its first command table to the next section.
  static func readmeCommands() throws -> Substring {
    let readme = try String(
      contentsOf: ExitStatusTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "| `/help [TOPIC]` |")).lowerBound
    let end = readme[start...].range(of: "\n## ")?.lowerBound ?? readme.endIndex
    return readme[start..<end]
  }

  @Test func theReadmeListsEveryCommandAndShortForm() throws {
    let section = try Self.readmeCommands()
    for name in Command.Name.allCases {
      // Each command is a row of its own, or named beside another in one (`/who` with
      // `/whois`, `/switch` with `/win`, the member modes together).
      #expect(
        section.contains("`/\(name.rawValue) ") || section.contains("`/\(name.rawValue)`"),
        "the README's command tables do not list /\(name.rawValue)")
    }
    for (form, command) in Command.Name.shortForms {
      #expect(
        section.contains("`/\(form)`"), "the README does not give /\(form) for /\(command.rawValue)"
      )
    }
    // The two lists: the open conversations and the server's channels, both named.
    #expect(section.contains("| `/list` |") && section.contains("| `/channels [MASK]` |"))
  }

  @Test func slashHelpListsEveryCommandAndShortForm() throws {
    let result = try BinaryRunner.run(["--virtual-time"], stdin: Array("/HELP\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let help = result.stderr
    for name in Command.Name.allCases {
      #expect(help.contains("  " + name.usage + " "), "/help does not list \(name.usage)\n\(help)")
    }
    for (form, command) in Command.Name.shortForms {
      #expect(
        help.contains("/\(form) = /\(command.rawValue)"),
        "/help does not give /\(form) = /\(command.rawValue)\n\(help)")
    }
  }
}
