import ChatCore
import Testing

@testable import ChatIRC

/// `away-notify`: asked for when offered; an `AWAY` line from someone else is one event.
@Suite(.timeLimit(.minutes(10))) struct IRCClientAwayTests {
  @Test func awayNotifyIsAskedForWhenOfferedAndNotOtherwise() {
    var offered = IRCWire()
    offered.reset()
    offered.server(":irc1.test CAP * LS :away-notify echo-message")
    #expect(offered.lines == ["CAP REQ :echo-message away-notify"])
    var withheld = IRCWire()
    withheld.reset()
    withheld.server(":irc1.test CAP * LS :echo-message")
    #expect(withheld.lines == ["CAP REQ echo-message"])
  }

  @Test(arguments: [
    (":bob!b@host AWAY :gone to lunch", IRCEvent.userAway(nick: "bob", message: "gone to lunch")),
    (
      "@time=2026-12-01T09:12:28.923Z :bob!b@host AWAY lunch",
      .userAway(nick: "bob", message: "lunch")
    ),
    (":bob!b@host AWAY", .userAway(nick: "bob", message: nil)),
    (":bob!b@host away :", .userAway(nick: "bob", message: nil)),
  ])
  func anAwayLineMarksSomeoneAwayOrBack(_ line: String, _ event: IRCEvent) {
    var wire = IRCWire.inspircd()
    wire.server(line)
    #expect(wire.events == [event])
  }

  @Test func ourOwnAwayAndOneWithoutASourceAreNotSomeoneElses() {
    var wire = IRCWire.inspircd()
    wire.server(":alice!alice@127.0.0.1 AWAY :brb")
    wire.server(":ALICE!alice@127.0.0.1 AWAY")
    #expect(wire.events.isEmpty)
    wire.server("AWAY :brb")
    #expect(wire.events.isEmpty)
    #expect(wire.client.statistics.malformedLines == 1)
  }

  @Test func aReplyThatSomeoneIsAwayIsStillAServerReply() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test 301 alice bob :lunch")
    #expect(wire.events == [.serverReply(code: "301", text: "bob is away: lunch")])
  }
}
