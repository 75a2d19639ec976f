import ChatIRC
import ChatProfile
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// `--history N` and the networks file's `history`: how many latest messages a server's
/// history is asked for, into the profile and the state a network run starts in.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct HistoryOptionTests {
  private func resolve(_ arguments: [String], file: NetworksFile.Network? = nil) throws
    -> ConnectionProfile
  {
    let options = try Options(parsing: arguments)
    return try #require(try ConnectionProfile(resolving: options.network, environment: [:]))
  }

  @Test func theDefaultIsFiftyAndTheFlagSetsIt() throws {
    #expect(try resolve(["--server", "irc://h"]).history == 50)
    #expect(try resolve(["--server", "irc://h"]).startingState().historyLength == 50)
    let none = try resolve(["--server", "irc://h", "--history", "0"])
    #expect(none.history == 0)
    #expect(none.startingState().historyLength == 0)
    #expect(try resolve(["--history=100000", "--server", "irc://h"]).history == 100_000)
  }

  @Test(arguments: ["", "-1", "100001", "ten", "1.5", "+3", " 3"])
  func aMalformedCountNamesTheFlag(value: String) {
    let error = #expect(throws: UsageError.self) {
      try Options(parsing: ["--server", "irc://h", "--history", value])
    }
    #expect(
      error?.description.hasPrefix(
        "invalid value '\(value)' for --history: expected a whole number from 0 to 100000")
        == true, "\(String(describing: error))")
  }

  @Test func historyNeedsAServer() {
    let error = #expect(throws: UsageError.self) { try Options(parsing: ["--history", "5"]) }
    #expect(error?.description.hasPrefix("--history needs --server URL or --network NAME") == true)
  }

  @Test func theNetworksFileSetsItAndTheFlagWins() throws {
    let text = "[n]\nserver = irc://h\nhistory = 200\n[bad]\nserver = irc://h\n"
    let file = try NetworksFileParser(path: "/n", home: nil).parse(Array(text.utf8))
    #expect(try file.network(named: "n").history == 200)
    #expect(try file.network(named: "bad").history == nil)
    for bad in ["-1", "many", "100001"] {
      #expect(throws: NetworksFileError.self) {
        try NetworksFileParser(path: "/n", home: nil).parse(
          Array("[n]\nserver = irc://h\nhistory = \(bad)\n".utf8))
      }
    }
  }
}
