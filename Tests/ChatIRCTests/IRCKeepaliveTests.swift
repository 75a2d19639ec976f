import ChatCore
import Testing

@testable import ChatIRC

/// The keepalive part on its own: a quiet link asks for a `PING`, an unanswered one loses it.
@Suite(.timeLimit(.minutes(10)))
struct IRCKeepaliveTests {
  static let start = Timestamp.virtualEpoch

  static func at(_ milliseconds: Int64) -> Timestamp {
    start.advanced(byMilliseconds: milliseconds)
  }

  @Test func aQuietLinkAsksForAPingAtTheIntervalAndNotWhileOneIsQueued() {
    var keepalive = IRCKeepalive(
      intervalMilliseconds: 60_000, timeoutMilliseconds: 30_000, at: Self.start)
    #expect(keepalive.deadline(pingQueued: false) == Self.at(60_000))
    #expect(keepalive.due(at: Self.at(59_999), pingQueued: false) == .nothing)
    #expect(keepalive.due(at: Self.at(60_000), pingQueued: false) == .ping)
    #expect(keepalive.due(at: Self.at(60_000), pingQueued: true) == .nothing)
    #expect(keepalive.deadline(pingQueued: true) == nil)
    keepalive.heard(at: Self.at(50_000))
    #expect(keepalive.due(at: Self.at(60_000), pingQueued: false) == .nothing)
    #expect(keepalive.deadline(pingQueued: false) == Self.at(110_000))
  }

  @Test func aPingUnansweredForTheTimeoutLosesTheLinkAndItsPongKeepsIt() {
    var keepalive = IRCKeepalive(
      intervalMilliseconds: 60_000, timeoutMilliseconds: 30_000, at: Self.start)
    keepalive.pingWritten("chat-1", at: Self.at(60_000))
    #expect(keepalive.deadline(pingQueued: false) == Self.at(90_000))
    #expect(keepalive.due(at: Self.at(89_999), pingQueued: false) == .nothing)
    #expect(
      keepalive.due(at: Self.at(90_500), pingQueued: false) == .lost(waitedMilliseconds: 30_500))
    keepalive.pongReceived("other")
    #expect(
      keepalive.due(at: Self.at(90_000), pingQueued: false) == .lost(waitedMilliseconds: 30_000))
    keepalive.pongReceived("chat-1")
    keepalive.heard(at: Self.at(70_000))
    #expect(keepalive.due(at: Self.at(90_000), pingQueued: false) == .nothing)
    keepalive.pingWritten("chat-2", at: Self.at(130_000))
    keepalive.connectionLost()
    #expect(keepalive.deadline(pingQueued: false) == Self.at(130_000))
  }
}
