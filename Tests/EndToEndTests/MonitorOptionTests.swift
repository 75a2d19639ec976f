import ChatProfile
import Testing

@testable import ChatCommandLine

/// The networks file's `monitor`: read (nicks, comma-separated, without repeats), refused with
/// its line when a nick is not one, and carried into the session's client.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct MonitorOptionTests {
  @Test func theNetworksFileNamesTheNicksWatchedFromTheStart() throws {
    let text = "[m]\nserver = irc://h\nmonitor = bob, Carol ,bob\n[n]\nserver = irc://h\n"
    let file = try NetworksFileParser(path: "/n", home: nil).parse(Array(text.utf8))
    #expect(try file.network(named: "m").monitor == ["bob", "Carol"])
    #expect(try file.network(named: "n").monitor == nil)
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(text, to: "config/chat/networks")
    let profile = try #require(
      try ConnectionProfile(
        resolving: Options(parsing: ["--network", "m"]).network,
        environment: folder.environment()))
    #expect(profile.monitor == ["bob", "Carol"])
    #expect(profile.sessionConfiguration.client.monitor == ["bob", "Carol"])
  }

  @Test(arguments: ["#ops", "b!ob", "bob,,carol", ""])
  func aValueThatIsNoListOfNicksIsRefusedWithItsLine(_ value: String) {
    let text = "[m]\nserver = irc://h\nmonitor = \(value)\n"
    let error = #expect(throws: NetworksFileError.self) {
      try NetworksFileParser(path: "/n", home: nil).parse(Array(text.utf8))
    }
    #expect(error?.description.hasPrefix("/n:3: ") == true, "\(String(describing: error))")
  }
}
