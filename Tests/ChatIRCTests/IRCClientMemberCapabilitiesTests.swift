import ChatCore
import Testing

@testable import ChatIRC

/// What the network says of members: `account-notify`, `extended-join`, `account-tag`,
/// `chghost`, `setname`, `multi-prefix`, `userhost-in-names`, `invite-notify`, each asked for
/// where offered and each line one event.
@Suite(.timeLimit(.minutes(10))) struct IRCClientMemberCapabilitiesTests {
  /// A client registered with every member capability.
  private static func wire() -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#chat"], pacing: .unlimited))
    let offered =
      "account-notify account-tag chghost extended-join invite-notify multi-prefix setname"
      + " userhost-in-names echo-message"
    wire.server(":irc1.test CAP * LS :" + offered)
    wire.server(":irc1.test CAP alice ACK :" + offered)
    wire.server(":irc1.test 001 alice :Welcome alice!alice@127.0.0.1", after: 1000)
    wire.server(":alice!alice@127.0.0.1 JOIN #chat alice :Alice")
    wire.reset()
    return wire
  }

  @Test func eachMemberCapabilityIsAskedForWhenOffered() {
    var wire = IRCWire()
    wire.reset()
    wire.server(
      ":irc1.test CAP * LS :account-notify account-tag chghost extended-join invite-notify"
        + " multi-prefix setname userhost-in-names sasl")
    #expect(
      wire.lines == [
        "CAP REQ :multi-prefix userhost-in-names invite-notify account-notify account-tag"
          + " extended-join chghost setname"
      ])
  }

  @Test(arguments: [
    (":bob!b@host ACCOUNT bobby", IRCEvent.userAccountChanged(nick: "bob", account: "bobby")),
    (":bob!b@host ACCOUNT *", .userAccountChanged(nick: "bob", account: nil)),
    (
      ":bob!b@host CHGHOST bee new.host",
      .userHostChanged(nick: "bob", user: "bee", host: "new.host")
    ),
    (":bob!b@host SETNAME :Bob Smith", .userRealNameChanged(nick: "bob", realName: "Bob Smith")),
    (
      ":bob!b@host JOIN #chat bobby :Bob Smith",
      .userJoined(channel: "#chat", nick: "bob", account: "bobby", realName: "Bob Smith")
    ),
    (
      ":bob!b@host JOIN #chat * :Bob",
      .userJoined(channel: "#chat", nick: "bob", account: nil, realName: "Bob")
    ),
    (":alice!alice@127.0.0.1 SETNAME :Alice A.", .realNameChanged("Alice A.")),
    (":carol!c@host INVITE bob #chat", .invited(nick: "bob", channel: "#chat", by: "carol")),
  ])
  func aMemberLineIsOneEvent(_ line: String, _ event: IRCEvent) {
    var wire = Self.wire()
    wire.server(line)
    #expect(wire.events == [event])
  }

  @Test func aJoinWithoutExtendedJoinSaysNoAccountEvenWithMoreWords() {
    var wire = IRCWire.inspircd()
    wire.server(":bob!b@host JOIN #chat bobby :Bob")
    #expect(wire.events == [.userJoined(channel: "#chat", nick: "bob")])
  }

  @Test func ourOwnHostChangeIsKeptForTheLineLengthAndNotShown() {
    var wire = Self.wire()
    wire.server(":alice!alice@127.0.0.1 CHGHOST al a-much-longer-virtual-host.example.org")
    #expect(wire.events.isEmpty)
    #expect(wire.client.user == "al")
    #expect(wire.client.host == "a-much-longer-virtual-host.example.org")
    wire.server(":alice!alice@127.0.0.1 ACCOUNT alice")
    #expect(wire.events.isEmpty)
  }

  @Test(arguments: [":bob!b@host CHGHOST onlyuser", ":bob!b@host ACCOUNT", "SETNAME :x"])
  func aMalformedMemberLineIsCountedAndShowsNothing(_ line: String) {
    var wire = Self.wire()
    wire.server(line)
    #expect(wire.events.isEmpty)
    #expect(wire.client.statistics.malformedLines == 1)
  }

  @Test func aMessageTaggedWithAnAccountCarriesIt() throws {
    var wire = Self.wire()
    wire.server("@account=bobby :bob!b@host PRIVMSG #chat :hi")
    guard case .received(let message) = try #require(wire.events.first) else {
      Issue.record("not a message: \(wire.events)")
      return
    }
    #expect(message.account == "bobby")
  }

  @Test func aRealNameIsSentOnlyWhereTheServerOffersSetname() {
    var wire = Self.wire()
    wire.user(.setRealName("Alice\r\nQUIT"))
    #expect(wire.lines == ["SETNAME :Alice  QUIT"])
    var plain = IRCWire.inspircd()
    plain.user(.setRealName("Alice"))
    #expect(plain.lines.isEmpty)
    #expect(
      plain.events == [
        .intentRefused(reason: "the server does not offer setname: your real name stays")
      ])
  }
}
