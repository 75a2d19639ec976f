import ChatCore
import ChatIRC
import ChatIRCSession
import ChatSession
import Testing

/// Recorded bytes (`chat-bench irc`) take the live path: the session's one line buffer frames
/// them and each line is recorded as it is handed to the client.
@Suite(.timeLimit(.minutes(10)))
struct IRCSessionFeedTests {
  @Test func recordedBytesAreFramedOnceAndSeenAsTheLinkSeesThem() {
    let session = IRCSession(
      configuration: IRCSessionConfiguration(
        host: "127.0.0.1", port: 6667, client: IRCClient.Configuration(nick: "alice")))
    session.reportsLink = true
    let now = Timestamp.virtualEpoch
    let bytes = Array(":irc.test 001 alice :Welcome\r\n:irc.test NOTICE alice :h".utf8)
    session.receive(recorded: bytes[..<20], at: now)
    session.receive(recorded: bytes[20...], at: now)
    session.receive(recorded: Array("i\r\n".utf8), at: now)
    let seen = session.takeLinkReports().compactMap { report -> String? in
      if case .received(let line) = report.event { line } else { nil }
    }
    #expect(seen == [":irc.test 001 alice :Welcome", ":irc.test NOTICE alice :hi"])
    #expect(session.client.phase == .registered)
    #expect(session.takeLinkReports().isEmpty, "taken once")
  }

  /// Unless the loop asks for reports (it is recorded), the link keeps none: a long run's
  /// lines are not held for nobody.
  @Test func anUnrecordedSessionKeepsNoReports() {
    let session = IRCSession(
      configuration: IRCSessionConfiguration(
        host: "127.0.0.1", port: 6667, client: IRCClient.Configuration(nick: "alice")))
    session.receive(recorded: Array(":irc.test 001 alice :Welcome\r\n".utf8), at: .virtualEpoch)
    #expect(session.client.phase == .registered)
    #expect(session.takeLinkReports().isEmpty)
  }
}
