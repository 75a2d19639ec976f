import ChatCore
import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCClientNetsplitTests {
  static let servers = "irc1.test irc2.test"
  static let crowd = (1...12).map { "user\($0)" }

  /// Alice in #chat with the crowd, and in #ops with user1 and bob.
  func wire() -> IRCWire {
    var wire = IRCWire.inspircd(channels: ["#chat", "#ops"])
    wire.server(
      ":irc1.test 353 alice = #chat :alice bob " + Self.crowd.joined(separator: " "))
    wire.server(":irc1.test 366 alice #chat :End of /NAMES list.")
    wire.server(":irc1.test 353 alice = #ops :alice @user1 bob")
    wire.server(":irc1.test 366 alice #ops :End of /NAMES list.")
    wire.reset()
    return wire
  }

  func split(_ nicks: [String], _ wire: inout IRCWire, reason: String = servers) {
    for nick in nicks { wire.server(":\(nick)!u@h QUIT :\(reason)") }
  }

  @Test func twelveQuitsOfOneSplitAreOneEventOnceTheWindowPasses() {
    var wire = wire()
    for (index, nick) in Self.crowd.enumerated() {
      wire.server(":\(nick)!u@h QUIT :\(Self.servers)", after: index == 0 ? 0 : 5)
    }
    #expect(wire.events == [], "the group waits for more")
    let last = wire.time
    #expect(wire.client.nextDeadline == last.advanced(byMilliseconds: 1000))
    wire.wait(999)
    #expect(wire.events == [])
    wire.wait(1)
    #expect(wire.events == [.netsplit(servers: Self.servers, nicks: Self.crowd)])
  }

  @Test func aGroupClosedByItsWindowIsReportedAsOfTheWindowsEndHoweverLateTheClockIsRead() {
    var wire = wire()
    split(["user1", "user2"], &wire)
    let end = wire.time.advanced(byMilliseconds: 1000)
    // A timer woken 700 ms late: the split happened as of the window's end all the same.
    let late = wire.client.advance(to: end.advanced(byMilliseconds: 700))
    #expect(late.events == [.netsplit(servers: Self.servers, nicks: ["user1", "user2"])])
    #expect(late.eventTimes == [0: end])
    // The returns, closed by a line that comes after their window: as of the window's end;
    // the line's own event at its instant.
    for nick in ["user1", "user2"] {
      _ = wire.client.receive(
        line: ":\(nick)!u@h JOIN #chat", at: end.advanced(byMilliseconds: 800))
    }
    let rejoined = end.advanced(byMilliseconds: 1800)
    let line = wire.client.receive(
      line: ":bob!b@h PRIVMSG #chat :hi", at: rejoined.advanced(byMilliseconds: 50))
    #expect(
      line.events.first
        == .netjoin(servers: Self.servers, channel: "#chat", nicks: ["user1", "user2"]))
    #expect(line.events.count == 2)
    #expect(line.eventTimes == [0: rejoined])
  }

  @Test func appendingAnOutputKeepsItsEventTimesWithTheirEvents() {
    let time = Timestamp.virtualEpoch
    var output = IRCOutput()
    output.events = [.joined(channel: "#chat"), .joined(channel: "#ops")]
    var later = IRCOutput()
    later.events = [.userJoined(channel: "#chat", nick: "bob"), .joined(channel: "#dev")]
    later.eventTimes = [1: time]
    output.append(later)
    #expect(output.eventTimes == [3: time])
  }

  @Test func aGroupClosedByAnotherEventIsReportedAtThatEventsInstant() {
    var wire = wire()
    split(["user1", "user2"], &wire)
    let output = wire.client.receive(
      line: ":bob!b@h PRIVMSG #chat :where did they go", at: wire.time.advanced(byMilliseconds: 10))
    #expect(output.events.first == .netsplit(servers: Self.servers, nicks: ["user1", "user2"]))
    #expect(output.eventTimes == [:])
  }

  @Test func theWindowRunsFromTheLastQuitOfTheGroup() {
    var wire = wire()
    wire.server(":user1!u@h QUIT :*.net *.split")
    wire.server(":user2!u@h QUIT :*.net *.split", after: 900)
    wire.server(":user3!u@h QUIT :*.net *.split", after: 900)
    wire.wait(1000)
    #expect(
      wire.events == [.netsplit(servers: "*.net *.split", nicks: ["user1", "user2", "user3"])])
  }

  @Test func aSplitLikeQuitThatComesAloneIsAnOrdinaryQuit() {
    var wire = wire()
    wire.server(":bob!b@h QUIT :\(Self.servers)")
    wire.wait(1000)
    #expect(
      wire.events == [.userQuit(nick: "bob", reason: Self.servers)])
    wire.reset()
    // Not remembered as away: coming back is an ordinary join.
    wire.server(":bob!b@h JOIN #chat")
    #expect(wire.events == [.userJoined(channel: "#chat", nick: "bob")])
  }

  @Test func splitLikeQuitsMoreThanAWindowApartAreSeparateQuits() {
    var wire = wire()
    wire.server(":bob!b@h QUIT :\(Self.servers)")
    wire.server(":user1!u@h QUIT :\(Self.servers)", after: 1001)
    wire.wait(1000)
    #expect(
      wire.events == [
        .userQuit(nick: "bob", reason: Self.servers),
        .userQuit(nick: "user1", reason: Self.servers),
      ])
  }

  @Test(arguments: [
    "bye", "Quit: irc1.test irc2.test", "irc1.test", "irc1.test irc1.test", "a.b c.d e.f",
    "irc1.test  irc2.test", "irc1. irc2.test", "irc1.test \u{1B}[31m.x", "irc 1.test",
  ])
  func aQuitWithoutTwoServerNamesIsReportedAtOnce(reason: String) {
    var wire = wire()
    wire.server(":bob!b@h QUIT :\(reason)")
    #expect(wire.events == [.userQuit(nick: "bob", reason: reason)])
  }

  @Test func anythingElseReportedClosesTheGroupFirst() {
    var wire = wire()
    split(["user1", "user2"], &wire)
    wire.server(":alice MODE alice +i")  // Reports nothing: the group stays open.
    wire.server(":bob!b@h PRIVMSG #chat :where did they go")
    #expect(wire.events.count == 2)
    #expect(wire.events.first == .netsplit(servers: Self.servers, nicks: ["user1", "user2"]))
    if case .received(let message) = wire.events.last {
      #expect(message.text == "where did they go")
    } else {
      Issue.record("expected the message after the split: \(wire.events)")
    }
  }

  @Test func aQuitWithAnotherSplitsReasonStartsAnotherGroup() {
    var wire = wire()
    split(["user1", "user2"], &wire)
    split(["user3", "user4"], &wire, reason: "irc2.test irc3.test")
    wire.wait(1000)
    #expect(
      wire.events == [
        .netsplit(servers: Self.servers, nicks: ["user1", "user2"]),
        .netsplit(servers: "irc2.test irc3.test", nicks: ["user3", "user4"]),
      ])
  }

  @Test func theReturningJoinsAreOneEventPerChannel() {
    var wire = wire()
    split(["user1", "user2", "bob"], &wire)
    wire.wait(1000)
    wire.reset()
    wire.server(":user1!u@h JOIN #chat", after: 5000)
    wire.server(":user1!u@h JOIN #ops")
    wire.server(":irc2.test MODE #ops +o user1")
    wire.server(":user2!u@h JOIN #chat")
    wire.server(":bob!b@h JOIN #chat")
    wire.server(":bob!b@h JOIN #ops")
    #expect(wire.events == [])
    wire.wait(1000)
    #expect(
      wire.events == [
        .netjoin(servers: Self.servers, channel: "#chat", nicks: ["user1", "user2", "bob"]),
        .netjoin(servers: Self.servers, channel: "#ops", nicks: ["user1", "bob"]),
        // The rank the server gave back on the relink, after the joins it belongs to.
        .channelModeChanged(
          channel: "#ops", by: "irc2.test", modes: "+o user1",
          ranks: [RankChange("user1", prefix: "@", isGiven: true)]),
      ])
    wire.reset()
    // Back: their next join is an ordinary one.
    wire.server(":bob!b@h PART #chat")
    wire.server(":bob!b@h JOIN #chat")
    #expect(
      wire.events == [
        .userParted(channel: "#chat", nick: "bob", reason: nil),
        .userJoined(channel: "#chat", nick: "bob"),
      ])
  }

  @Test func aRelinkWithinTheWindowEndsTheSplitAndGathersTheReturns() {
    var wire = wire()
    split(["user1", "user2"], &wire)
    // The far server's view when a relink replaces a link it had not seen drop: the quits
    // and the burst's joins in one go.
    wire.server(":user1!u@h JOIN #chat")
    wire.server(":user2!u@h JOIN #chat")
    wire.wait(1000)
    #expect(
      wire.events == [
        .netsplit(servers: Self.servers, nicks: ["user1", "user2"]),
        .netjoin(servers: Self.servers, channel: "#chat", nicks: ["user1", "user2"]),
      ])
  }

  @Test func aReturnedMembersMessageComesAfterTheirNetjoin() {
    var wire = wire()
    split(["user1", "user2"], &wire)
    wire.wait(1000)
    wire.reset()
    wire.server(":user1!u@h JOIN #chat")
    wire.server(":user2!u@h JOIN #chat")
    wire.server(":user2!u@h PRIVMSG #chat :back")
    #expect(wire.events.count == 2)
    #expect(
      wire.events.first
        == .netjoin(servers: Self.servers, channel: "#chat", nicks: ["user1", "user2"]))
  }

  @Test func aDisconnectReportsTheOpenGroupFirst() {
    var wire = wire()
    split(["user1", "user2"], &wire)
    wire.server("ERROR :Closing link")
    #expect(
      wire.events == [
        .netsplit(servers: Self.servers, nicks: ["user1", "user2"]),
        .disconnected(reason: "Closing link"),
      ])
  }

  @Test func aRenameAfterTheSplitIsReportedAfterIt() {
    var wire = wire()
    split(["user1", "bob"], &wire)
    // The core takes the split members out of its channels; the rename follows the split.
    wire.server(":bob!b@h NICK robert")
    #expect(
      wire.events == [
        .netsplit(servers: Self.servers, nicks: ["user1", "bob"]),
        .userNickChanged(from: "bob", to: "robert"),
      ])
  }
}
