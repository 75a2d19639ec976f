import ChatCore
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10))) struct IRCClientSTSTests {
  static func wire(_ security: IRCEndpoint.Security?, sasl: IRCSASL? = nil) -> IRCWire {
    var wire = IRCWire(
      .init(
        nick: "alice", channels: ["#chat"], pacing: .unlimited, sasl: sasl,
        endpoint: security.map { IRCEndpoint(host: "irc.example.org", port: 6697, security: $0) }))
    wire.reset()
    return wire
  }

  @Test func aPlaintextConnectionOfferedAnUpgradeClosesWithoutRegisteringOrAuthenticating() {
    let sasl = IRCSASL(.plain(user: "alice", password: IRCSecret("pw")))
    for security in [IRCEndpoint.Security.plaintext, nil] {
      var wire = Self.wire(security, sasl: sasl)
      wire.server(":irc.test CAP * LS :echo-message sasl sts=port=6697,duration=300")
      #expect(wire.lines.isEmpty)
      #expect(wire.closed)
      #expect(
        wire.events == [
          .stsUpgradeRequired(port: 6697),
          .disconnected(reason: "the server requires TLS (sts): reconnect over TLS on port 6697"),
        ])
      wire.server(":irc.test CAP alice ACK :sasl")
      wire.server("AUTHENTICATE +")
      #expect(wire.lines.isEmpty)
    }
  }

  @Test func theUpgradeWaitsForTheLastLineOfAMultilineList() {
    var wire = Self.wire(.plaintext)
    wire.server(":irc.test CAP * LS * :sts=port=6697 batch")
    #expect(wire.events.isEmpty && !wire.closed)
    wire.server(":irc.test CAP * LS :echo-message")
    #expect(wire.events.first == .stsUpgradeRequired(port: 6697))
  }

  @Test(arguments: ["duration=300", "port=0,duration=300", "port=70000", "port=x", "port="])
  func anUpgradeWithoutAValidPortIsIgnored(value: String) {
    var wire = Self.wire(.plaintext)
    wire.server(":irc.test CAP * LS :echo-message sts=\(value)")
    #expect(wire.lines == ["CAP REQ echo-message"])
    #expect(!wire.closed && wire.events.isEmpty)
  }

  @Test func aVerifiedTLSConnectionReportsThePolicyAndNeverRequestsSTS() {
    var wire = Self.wire(.tls)
    wire.server(":irc.test CAP * LS :echo-message sts=port=6697,duration=2592000,preload,x=y")
    #expect(
      wire.events == [
        .stsPolicyUpdated(
          IRCSTSPolicy(
            host: "irc.example.org", port: 6697, durationSeconds: 2_592_000, preload: true))
      ])
    #expect(wire.lines == ["CAP REQ echo-message"])
    #expect(!wire.closed)
  }

  @Test func aZeroDurationRemovesThePolicy() {
    var wire = Self.wire(.tls)
    wire.server(":irc.test CAP * LS :sts=duration=0")
    #expect(wire.events == [.stsPolicyRemoved(host: "irc.example.org")])
    #expect(wire.lines == ["CAP END"])
  }

  @Test func aTLSPolicyWithoutADurationAndAnUnverifiedConnectionAreIgnored() {
    var noDuration = Self.wire(.tls)
    noDuration.server(":irc.test CAP * LS :sts=port=6697")
    #expect(noDuration.events.isEmpty && noDuration.lines == ["CAP END"])
    var unverified = Self.wire(.unverifiedTLS)
    unverified.server(":irc.test CAP * LS :sts=port=6697,duration=300")
    #expect(unverified.events.isEmpty && unverified.lines == ["CAP END"])
  }

  @Test func anUpgradeOfferedLaterByCapNewClosesTheRegisteredConnection() {
    var wire = Self.wire(.plaintext)
    wire.server(":irc.test CAP * LS :cap-notify")
    wire.server(":irc.test 001 alice :Welcome")
    wire.reset()
    wire.server(":irc.test CAP alice NEW :sts=port=6697,duration=60")
    #expect(wire.events.first == .stsUpgradeRequired(port: 6697))
    #expect(wire.closed && wire.client.phase == .disconnected)
  }

  @Test func parsesPolicyValues() {
    let value = IRCSTSPolicy.Value(parsing: "duration=60,unknown,port=6697,preload")
    #expect(value.port == 6697 && value.durationSeconds == 60 && value.preload)
    let bad = IRCSTSPolicy.Value(parsing: "port=-1,duration=1e3,duration")
    #expect(bad.port == nil && bad.durationSeconds == nil && !bad.preload)
    #expect(IRCSTSPolicy.Value(parsing: "duration=9999999999999").durationSeconds == nil)
  }
}
