import ChatCore
import ChatIRC
import ChatIRCSession
import Testing

/// Recorded bytes (`chat-bench irc`) take the live path: the session's one line buffer frames
/// them and each line is recorded as it is handed to the client.
@Suite(.timeLimit(.minutes(10)))
struct IRCSessionFeedTests {
  @Test func recordedBytesAreFramedOnceAndSeenAsTheLinkSeesThem() {
    let session = IRCSession(
      configuration: IRCSessionConfiguration(
        host: "127.0.0.1", port: 6667, client: IRCClient.Configuration(nick: "alice")))
    var seen: [IRCLineBuffer.Item] = []
    session.linkObserver = { event, _ in
      if case .received(let item) = event { seen.append(item) }
    }
    let now = Timestamp.virtualEpoch
    let bytes = Array(":irc.test 001 alice :Welcome\r\n:irc.test NOTICE alice :h".utf8)
    session.receive(recorded: bytes[..<20], at: now)
    session.receive(recorded: bytes[20...], at: now)
    session.receive(recorded: Array("i\r\n".utf8), at: now)
    #expect(seen == [.line(":irc.test 001 alice :Welcome"), .line(":irc.test NOTICE alice :hi")])
    #expect(session.client.phase == .registered)
  }
}
