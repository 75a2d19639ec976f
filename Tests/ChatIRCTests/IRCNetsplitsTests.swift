import ChatCore
import Testing

@testable import ChatIRC

/// The netsplits part on its own: quits and joins gathered into groups, closed into events.
@Suite(.timeLimit(.minutes(10)))
struct IRCNetsplitsTests {
  static let mapping = NameRules.CaseMapping.rfc1459
  static let servers = "irc1.test irc2.test"

  @Test func twoSplitQuitsAreOneNetsplitAndTheyAreRememberedAsAway() {
    var netsplits = IRCNetsplits()
    let first = netsplits.gatherQuit(
      "Bob", member: "bob", reason: Self.servers, mapping: Self.mapping)
    let second = netsplits.gatherQuit(
      "Carol", member: "carol", reason: Self.servers, mapping: Self.mapping)
    #expect(first.isEmpty && second.isEmpty && netsplits.isOpen)
    #expect(
      netsplits.close(mapping: Self.mapping) == [
        .netsplit(servers: Self.servers, nicks: ["Bob", "Carol"])
      ])
    #expect(netsplits.away == ["bob": Self.servers, "carol": Self.servers])
    #expect(!netsplits.isOpen)
  }

  @Test func aLoneSplitQuitIsAnOrdinaryQuitAndNotRemembered() {
    var netsplits = IRCNetsplits()
    _ = netsplits.gatherQuit(
      "Bob", member: "bob", reason: Self.servers, mapping: Self.mapping)
    let other = netsplits.gatherQuit(
      "Dan", member: "dan", reason: "x.test y.test", mapping: Self.mapping)
    #expect(other == [.userQuit(nick: "Bob", reason: Self.servers)])
    #expect(netsplits.away.isEmpty)
  }

  @Test func theAwayComingBackAreOneNetjoinPerChannel() {
    var netsplits = IRCNetsplits()
    for nick in ["Bob", "Carol"] {
      _ = netsplits.gatherQuit(
        nick, member: Self.mapping.folded(nick), reason: Self.servers,
        mapping: Self.mapping)
    }
    let back = netsplits.gatherJoin(
      "Bob", member: "bob", channel: "#A", key: "#a", mapping: Self.mapping)
    #expect(back.gathered)
    #expect(back.events == [.netsplit(servers: Self.servers, nicks: ["Bob", "Carol"])])
    let stranger = netsplits.gatherJoin(
      "Eve", member: "eve", channel: "#A", key: "#a", mapping: Self.mapping)
    #expect(!stranger.gathered && stranger.events.isEmpty)
    #expect(
      netsplits.close(mapping: Self.mapping) == [
        .netjoin(servers: Self.servers, channel: "#A", nicks: ["Bob"])
      ])
    #expect(netsplits.away == ["carol": Self.servers])
  }
}
