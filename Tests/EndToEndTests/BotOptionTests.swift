import ChatProfile
import Testing

@testable import ChatCommandLine

/// `--bot` and the networks file's `bot`: into the profile, and into the session's client.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct BotOptionTests {
  @Test func theFlagOrTheNetworksFileMakesABotAndNothingElseDoes() throws {
    let plain = try #require(
      try ConnectionProfile(
        resolving: Options(parsing: ["--server", "irc://h"]).network, environment: [:]))
    #expect(!plain.isBot && !plain.sessionConfiguration.client.isBot)
    let flagged = try #require(
      try ConnectionProfile(
        resolving: Options(parsing: ["--server", "irc://h", "--bot"]).network, environment: [:]))
    #expect(flagged.isBot && flagged.sessionConfiguration.client.isBot)

    let text = "[b]\nserver = irc://h\nbot = yes\n[n]\nserver = irc://h\nbot = no\n"
    let file = try NetworksFileParser(path: "/n", home: nil).parse(Array(text.utf8))
    #expect(try file.network(named: "b").isBot)
    #expect(try !file.network(named: "n").isBot)
    #expect(throws: NetworksFileError.self) {
      try NetworksFileParser(path: "/n", home: nil).parse(
        Array("[n]\nserver = irc://h\nbot = maybe\n".utf8))
    }
  }

  @Test func botNeedsAServer() {
    let error = #expect(throws: UsageError.self) { try Options(parsing: ["--bot"]) }
    #expect(error?.description.hasPrefix("--bot needs --server URL or --network NAME") == true)
  }
}
