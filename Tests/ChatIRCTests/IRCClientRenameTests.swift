import ChatCore
import Testing

@testable import ChatIRC

/// `draft/channel-rename`: asked for where offered; a `RENAME` of a channel we are in is one
/// event and the channel is rejoined under its new name after a reconnect; a rename into an
/// invalid or taken name, or of a channel not ours, is ignored.
@Suite(.timeLimit(.minutes(10))) struct IRCClientRenameTests {
  private static func wire() -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#old", "#other"], pacing: .unlimited))
    wire.server(":irc.test CAP * LS :draft/channel-rename")
    wire.server(":irc.test CAP alice ACK :draft/channel-rename")
    wire.server(":irc.test 001 alice :Welcome alice!alice@127.0.0.1")
    wire.server(":alice!alice@127.0.0.1 JOIN #old")
    wire.server(":alice!alice@127.0.0.1 JOIN #other")
    wire.reset()
    return wire
  }

  @Test func channelRenameIsAskedForWhereOffered() {
    var wire = IRCWire()
    wire.reset()
    wire.server(":irc.test CAP * LS :draft/channel-rename")
    #expect(wire.lines == ["CAP REQ draft/channel-rename"])
  }

  @Test func aRenameIsOneEventAndTheNewNameIsJoinedAfterAReconnect() {
    var wire = Self.wire()
    wire.server(":bob!b@h RENAME #OLD #new :tidy up")
    wire.server(":bob!b@h RENAME #other #Other")
    #expect(
      wire.events == [
        .channelRenamed(from: "#old", to: "#new", reason: "tidy up"),
        .channelRenamed(from: "#other", to: "#Other", reason: nil),
      ])
    #expect(wire.client.joinedChannels == ["#Other", "#new"])
    wire.server("ERROR :gone")
    wire.reset()
    wire.take(wire.client.start(at: wire.time))
    wire.server(":irc.test 001 alice :Welcome")
    #expect(wire.lines.filter { $0.hasPrefix("JOIN") } == ["JOIN #new", "JOIN #Other"])
  }

  @Test(arguments: [
    ":bob!b@h RENAME #old #other :taken",
    ":bob!b@h RENAME #old nochannel",
    ":bob!b@h RENAME #old #a\u{7}b",
    ":bob!b@h RENAME #elsewhere #new",
  ])
  func aRenameThatCannotBeIsIgnoredAndSaid(_ line: String) {
    var wire = Self.wire()
    wire.server(line)
    #expect(wire.events.count == 1)
    guard case .lineIgnored(let reason)? = wire.events.first else {
      Issue.record("\(wire.events)")
      return
    }
    #expect(reason.contains("RENAME"))
    #expect(wire.client.joinedChannels == ["#old", "#other"])
  }

  @Test func aRenameWithoutItsNewNameIsMalformed() {
    var wire = Self.wire()
    let before = wire.client.statistics.malformedLines
    wire.server(":bob!b@h RENAME #old")
    #expect(wire.events.isEmpty)
    #expect(wire.client.statistics.malformedLines == before + 1)
  }
}
