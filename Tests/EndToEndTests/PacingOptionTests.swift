import ChatIRC
import ChatProfile
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// `--pacing BURST/MS`: how fast chat writes to the server.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct PacingOptionTests {
  private func resolve(_ arguments: [String]) throws -> ConnectionProfile {
    let options = try Options(parsing: arguments)
    return try #require(try ConnectionProfile(resolving: options.network, environment: [:]))
  }

  @Test func theDefaultIsABurstOfFiveThenOneASecond() throws {
    let pacing = try resolve(["--server", "irc://h"]).pacing
    #expect(pacing == .default)
    #expect(pacing.burst == 5 && pacing.intervalMilliseconds == 1000)
  }

  @Test func pacingSetsTheBurstAndTheInterval() throws {
    let pacing = try resolve(["--server", "irc://h", "--pacing", "100/10"]).pacing
    #expect(pacing.burst == 100 && pacing.intervalMilliseconds == 10)
    #expect(try resolve(["--pacing=1/0", "--server", "irc://h"]).pacing.intervalMilliseconds == 0)
  }

  @Test(arguments: ["", "5", "5/", "/10", "0/10", "5/-1", "5/60001", "10001/1", "a/b", "5/10/1"])
  func aMalformedPacingNamesTheFlag(value: String) {
    let error = #expect(throws: UsageError.self) {
      try Options(parsing: ["--server", "irc://h", "--pacing", value])
    }
    #expect(
      error?.description.hasPrefix("invalid value '\(value)' for --pacing: expected BURST/MS")
        == true, "\(String(describing: error))")
  }

  @Test func pacingNeedsAServer() {
    let error = #expect(throws: UsageError.self) { try Options(parsing: ["--pacing", "5/10"]) }
    #expect(error?.description.hasPrefix("--pacing needs --server URL or --network NAME") == true)
  }
}
