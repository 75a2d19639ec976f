import ChatCore
import ChatIRC
import ChatIRCSession
import ChatSession
import Testing

/// The time a netsplit is reported at does not depend on when the session next looked at
/// the clock: live, the window's timer wakes a little late; in a replay it is exact.
@Suite(.timeLimit(.minutes(10))) struct ReplayedNetsplitTimeTests {
  static let start = Timestamp.virtualEpoch

  static func entry(_ milliseconds: Int64, _ line: String) -> ReplaySession.Entry {
    ReplaySession.Entry(
      time: start.advanced(byMilliseconds: milliseconds), event: .received(line),
      typedBefore: 0)
  }

  /// Alice registered in #chat with bob and carol; both quit in a split at 2 s.
  static let entries: [ReplaySession.Entry] =
    [
      ReplaySession.Entry(time: start, event: .dialing, typedBefore: 0),
      ReplaySession.Entry(time: start, event: .connected, typedBefore: 0),
    ]
    + [
      ":irc1.test CAP * LS :echo-message",
      ":irc1.test CAP alice ACK :echo-message",
      ":irc1.test 001 alice :Welcome to the Test IRC Network alice!alice@127.0.0.1",
      ":alice!alice@127.0.0.1 JOIN :#chat",
      ":irc1.test 353 alice = #chat :alice bob carol",
      ":irc1.test 366 alice #chat :End of /NAMES list.",
    ].map { entry(10, $0) }
    + [
      ":bob!b@h QUIT :irc1.test irc2.test", ":carol!c@h QUIT :irc1.test irc2.test",
    ].map { entry(2000, $0) }

  @Test func aNetsplitLookedAtLateIsReportedAsOfItsWindowsEnd() {
    let session = ReplaySession(
      configuration: IRCSessionConfiguration(
        host: "127.0.0.1", port: 6667, client: .init(nick: "alice", channels: ["#chat"])),
      entries: Self.entries, typedTaken: { 0 })
    session.connect(at: Self.start)
    var actions: [Action.Session] = []
    // The session looks at the clock 700 ms after the window (2 s + 1 s) closed.
    for milliseconds: Int64 in [0, 10, 2000, 3700] {
      let now = Self.start.advanced(byMilliseconds: milliseconds)
      for _ in 0..<100 {
        guard let action = session.nextEvent(dueBy: now) else { break }
        actions.append(action)
      }
    }
    let splits = actions.filter {
      if case .netsplit = $0 { true } else { false }
    }
    #expect(
      splits == [
        .netsplit(
          servers: "irc1.test irc2.test", nicks: ["bob", "carol"],
          time: Self.start.advanced(byMilliseconds: 3000))
      ], "\(actions)")
  }
}
