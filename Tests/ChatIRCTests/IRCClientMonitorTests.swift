import ChatCore
import Testing

@testable import ChatIRC

/// IRCv3 `MONITOR`: the watch list sent once registration is over and the server names
/// `MONITOR`, again after a reconnect; `730`/`731` told only for watched nicks and only when
/// they change; the server's limit kept; `734` said.
@Suite(.timeLimit(.minutes(10))) struct IRCClientMonitorTests {
  /// A client registered (`001`) watching `monitor`, before the server's `ISUPPORT`.
  private static func wire(monitor: [String] = ["bob", "carol"]) -> IRCWire {
    var configuration = IRCClient.Configuration(nick: "alice", pacing: .unlimited)
    configuration.monitor = monitor
    var wire = IRCWire(configuration)
    wire.server(":irc.test CAP * LS :extended-monitor")
    wire.server(":irc.test CAP alice ACK :extended-monitor")
    wire.server(":irc.test 001 alice :Welcome alice!alice@127.0.0.1")
    wire.reset()
    return wire
  }

  /// `wire` after an `ISUPPORT` naming `MONITOR` (with `limit`), with what it sent dropped.
  private static func monitoring(_ monitor: [String] = ["bob", "carol"], limit: String = "=100")
    -> IRCWire
  {
    var wire = wire(monitor: monitor)
    wire.server(":irc.test 005 alice MONITOR\(limit) :are supported")
    wire.reset()
    return wire
  }

  @Test func extendedMonitorIsAskedForWhereOffered() {
    var wire = IRCWire()
    wire.reset()
    wire.server(":irc.test CAP * LS :extended-monitor draft/whatever")
    #expect(wire.lines == ["CAP REQ extended-monitor"])
  }

  @Test func theConfiguredListGoesOutOnceTheServerNamesMonitorAndAgainAfterAReconnect() {
    var wire = Self.wire()
    #expect(wire.lines.isEmpty)
    wire.server(":irc.test 005 alice CHANTYPES=# :are supported")
    #expect(wire.lines.isEmpty)
    wire.server(":irc.test 005 alice MONITOR=100 :are supported")
    #expect(wire.lines == ["MONITOR + bob,carol"])
    wire.server(":irc.test 005 alice NICKLEN=30 :are supported")
    #expect(wire.lines == ["MONITOR + bob,carol"])
    wire.server("ERROR :gone")
    wire.reset()
    wire.take(wire.client.start(at: wire.time))
    wire.server(":irc.test 001 alice :Welcome")
    wire.server(":irc.test 005 alice MONITOR :are supported")
    #expect(wire.lines.filter { $0.hasPrefix("MONITOR") } == ["MONITOR + bob,carol"])
  }

  @Test func onlineAndOfflineAreToldForWatchedNicksOnlyAndOnlyWhenTheyChange() {
    var wire = Self.monitoring()
    wire.server(":irc.test 730 alice :bob!b@host,mallory!m@host")
    wire.server(":irc.test 731 alice :Carol")
    wire.server(":irc.test 730 alice :bob!b@host")
    wire.server(":irc.test 731 alice :bob,eve")
    #expect(
      wire.events == [
        .monitorStatus(online: true, nicks: ["bob"]),
        .monitorStatus(online: false, nicks: ["Carol"]),
        .monitorStatus(online: false, nicks: ["bob"]),
      ])
    wire.reset()
    wire.user(.monitor(.list))
    #expect(wire.events == [.monitorListed(online: [], offline: ["bob", "carol"])])
  }

  @Test func addingAndRemovingGoOutAtOnceAndTheListIsShown() {
    var wire = Self.monitoring([])
    wire.user(.monitor(.add(["dave", "Dave", "erin"])))
    wire.user(.monitor(.remove(["DAVE", "nobody"])))
    #expect(wire.lines == ["MONITOR + dave,erin", "MONITOR - dave"])
    wire.server(":irc.test 730 alice :erin!e@h")
    wire.reset()
    wire.user(.monitor(.list))
    #expect(wire.events == [.monitorListed(online: ["erin"], offline: [])])
  }

  @Test func theServersLimitIsKeptAndAFullListSaysWhoIsNotWatched() {
    var wire = Self.monitoring(["a", "b"], limit: "=3")
    wire.user(.monitor(.add(["c", "d", "e"])))
    #expect(wire.lines == ["MONITOR + c"])
    #expect(wire.events == [.monitorFull(limit: 3, nicks: ["d", "e"])])
    wire.reset()
    wire.server(":irc.test 734 alice 3 c,zed :Monitor list is full.")
    #expect(wire.events == [.monitorFull(limit: 3, nicks: ["c"])])
    wire.reset()
    wire.user(.monitor(.list))
    #expect(wire.events == [.monitorListed(online: [], offline: ["a", "b"])])
  }

  @Test func aListLongerThanALaterLimitIsCutBeforeItIsSent() {
    var wire = Self.wire(monitor: ["a", "b", "c"])
    wire.server(":irc.test 005 alice MONITOR=2 :are supported")
    #expect(wire.lines == ["MONITOR + a,b"])
    #expect(wire.events.contains(.monitorFull(limit: 2, nicks: ["c"])))
  }

  @Test func aLongListIsSplitToFitTheLine() {
    let nicks = (0..<120).map { "watched\($0)" }
    var wire = Self.wire(monitor: nicks)
    wire.server(":irc.test 005 alice MONITOR :are supported")
    #expect(wire.lines.count > 1)
    #expect(wire.lines.allSatisfy { $0.utf8.count + 2 <= 512 && $0.hasPrefix("MONITOR + ") })
    let sent = wire.lines.flatMap { $0.dropFirst("MONITOR + ".count).split(separator: ",") }
    #expect(sent.map(String.init) == nicks)
  }

  @Test func aServerWithoutMonitorSaysSoOnceRegistrationIsOver() {
    var wire = Self.wire()
    wire.server(":irc.test 005 alice CHANTYPES=# :are supported")
    wire.server(":irc.test 376 alice :End of /MOTD command.")
    #expect(wire.lines.isEmpty)
    #expect(wire.events.contains(.intentRefused(reason: IRCClient.monitorLacking)))
    wire.reset()
    wire.user(.monitor(.add(["dave"])))
    #expect(wire.lines.isEmpty)
    #expect(wire.events == [.intentRefused(reason: IRCClient.monitorLacking)])
  }

  @Test func addingWhileDisconnectedIsKeptForTheNextConnection() {
    var wire = Self.monitoring([])
    wire.server("ERROR :gone")
    wire.user(.monitor(.add(["bob"])))
    wire.reset()
    wire.take(wire.client.start(at: wire.time))
    wire.server(":irc.test 001 alice :Welcome")
    wire.server(":irc.test 005 alice MONITOR=10 :are supported")
    #expect(wire.lines.filter { $0.hasPrefix("MONITOR") } == ["MONITOR + bob"])
  }

  @Test(arguments: [
    ":irc.test 730 alice", ":irc.test 730", ":irc.test 734 alice 3",
  ])
  func aMalformedReplyIsCountedAndNothingElse(_ line: String) {
    var wire = Self.monitoring()
    let before = wire.client.statistics.malformedLines
    wire.server(line)
    #expect(wire.events.isEmpty)
    #expect(wire.client.statistics.malformedLines == before + 1)
  }
}
