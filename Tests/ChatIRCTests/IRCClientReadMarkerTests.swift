import ChatCore
import Testing

@testable import ChatIRC

/// Read markers (`draft/read-marker`): `MARKREAD` is asked for, written with the time as
/// `server-time` writes it, only where the server keeps markers; the server's `MARKREAD` is
/// reported as it is, and a malformed one is dropped.
@Suite struct IRCClientReadMarkerTests {
  /// A client registered on a server offering `capabilities`.
  private static func registered(_ capabilities: String) -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: [], pacing: .unlimited))
    wire.server(":ergo.test CAP * LS :\(capabilities)")
    wire.server(":ergo.test CAP alice ACK :\(capabilities)")
    wire.server(":ergo.test 001 alice :Welcome alice!alice@127.0.0.1", after: 10)
    wire.reset()
    return wire
  }

  private static let time = Timestamp(millisecondsSinceEpoch: 1_796_116_348_923)

  @Test func readMarkerIsAskedFor() {
    let wire = IRCWire(.init(nick: "alice", channels: []))
    #expect(wire.client.configuration.wantedCapabilities.contains("draft/read-marker"))
  }

  @Test func markingReadWritesMarkreadWithTheTime() {
    var wire = Self.registered("message-tags server-time draft/read-marker")
    wire.user(.markRead(target: "#chat", time: Self.time))
    #expect(wire.lines == ["MARKREAD #chat timestamp=2026-12-01T09:12:28.923Z"])
  }

  @Test func withoutTheCapabilityNothingIsWritten() {
    var wire = Self.registered("message-tags server-time")
    wire.user(.markRead(target: "#chat", time: Self.time))
    wire.user(.markRead(target: "bad target", time: Self.time))
    #expect(wire.lines.isEmpty)
  }

  @Test func theServersMarkerIsReportedAsItIs() {
    var wire = Self.registered("draft/read-marker")
    wire.server(":ergo.test MARKREAD #chat timestamp=2026-12-01T09:12:28.923Z")
    wire.server(":ergo.test MARKREAD bob *")
    #expect(
      wire.events == [
        .readMarker(target: "#chat", time: Self.time), .readMarker(target: "bob", time: nil),
      ])
  }

  @Test(arguments: [
    ":ergo.test MARKREAD #chat", ":ergo.test MARKREAD #chat 2026-12-01T09:12:28.923Z",
    ":ergo.test MARKREAD #chat timestamp=yesterday", ":ergo.test MARKREAD :",
    ":ergo.test MARKREAD #chat timestamp=",
  ])
  func aMalformedMarkerIsDropped(_ line: String) {
    var wire = Self.registered("draft/read-marker")
    wire.server(line)
    #expect(wire.events.isEmpty)
    #expect(wire.client.statistics.malformedLines == 1)
  }
}
