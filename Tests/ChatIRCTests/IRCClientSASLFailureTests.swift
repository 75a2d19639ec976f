import ChatCore
import Testing

@testable import ChatIRC

/// SASL that fails or cannot be tried: a clear reason, and no registration unless optional.
@Suite(.timeLimit(.minutes(10))) struct IRCClientSASLFailureTests {
  static let plain = IRCClientSASLTests.plain

  static func wire(
    _ sasl: IRCSASL = plain, offering ls: String = "echo-message sasl=PLAIN,EXTERNAL"
  ) -> IRCWire {
    IRCClientSASLTests.wire(sasl, offering: ls)
  }

  @Test func aMechanismTheServerDoesNotListFailsBeforeAskingAndNeverRegisters() {
    var wire = IRCWire(.init(nick: "alice", pacing: .unlimited, sasl: Self.plain))
    wire.reset()
    wire.server(":irc1.test CAP * LS :echo-message sasl=EXTERNAL,SCRAM-SHA-256")
    let reason = "the server does not accept SASL PLAIN (it offers EXTERNAL, SCRAM-SHA-256)"
    #expect(wire.lines == ["QUIT :SASL authentication failed"])
    #expect(wire.closed)
    #expect(
      wire.events == [
        .authenticationFailed(reason: reason),
        .disconnected(reason: "not registering without SASL: " + reason),
      ])
    wire.server(":irc1.test 001 alice :Welcome")
    #expect(wire.lines.count == 1)
  }

  @Test func aServerWithoutSASLIsAFailureWhenRequiredAndANoticeWhenOptional() {
    let required = Self.wire(offering: "echo-message")
    #expect(required.lines.last == "QUIT :SASL authentication failed")
    #expect(
      required.events.first == .authenticationFailed(reason: "the server does not offer SASL"))
    #expect(required.closed && required.client.phase == .disconnected)

    var optional = Self.wire(
      IRCSASL(Self.plain.mechanism, isRequired: false), offering: "echo-message")
    #expect(optional.lines.last == "CAP REQ echo-message")
    #expect(
      optional.events == [
        .authenticationFailed(
          reason:
            "the server does not offer SASL; registering without an account, as SASL is optional")
      ])
    optional.server(":irc1.test CAP alice ACK :echo-message")
    #expect(optional.lines.last == "CAP END")
    optional.server(":irc1.test 001 alice :Welcome")
    #expect(optional.client.phase == .registered)
  }

  @Test func aRefusedLoginQuitsWhenRequiredWithTheServersReason() {
    var wire = Self.wire()
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.server("AUTHENTICATE +")
    wire.reset()
    wire.server(":irc1.test 904 alice :SASL authentication failed")
    let reason =
      "SASL PLAIN failed: the server refused the account name or password"
      + " (904: SASL authentication failed)"
    #expect(wire.lines == ["QUIT :SASL authentication failed"])
    #expect(wire.closed)
    #expect(
      wire.events == [
        .authenticationFailed(reason: reason),
        .disconnected(reason: "not registering without SASL: " + reason),
      ])
  }

  @Test func aRefusedOptionalLoginEndsNegotiationAndRegisters() {
    var wire = Self.wire(IRCSASL(Self.plain.mechanism, isRequired: false))
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.server("AUTHENTICATE +")
    wire.reset()
    wire.server(":irc1.test 904 alice :SASL authentication failed")
    #expect(wire.lines == ["CAP END"])
    #expect(!wire.closed)
    guard case .authenticationFailed(let reason) = wire.events.first else {
      Issue.record("no failure event: \(wire.events)")
      return
    }
    #expect(reason.hasSuffix("; registering without an account, as SASL is optional"))
    wire.server(":irc1.test 001 alice :Welcome")
    #expect(wire.client.phase == .registered)
    #expect(wire.lines.last == "JOIN #chat")
  }

  @Test(arguments: [
    ("902", "the account is not available to this nick"),
    ("904", "the server refused the account name or password"),
    ("905", "the credentials are too long for the server"),
    ("906", "the server aborted the login"),
  ])
  func eachFailureNumericIsExplainedInWords(code: String, words: String) {
    var wire = Self.wire()
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.server("AUTHENTICATE +")
    wire.reset()
    wire.server(":irc1.test \(code) alice :Server text")
    #expect(
      wire.events.first
        == .authenticationFailed(reason: "SASL PLAIN failed: \(words) (\(code): Server text)"))
    #expect(wire.closed)
  }

  @Test func the908ListOfMechanismsNamesWhatTheServerOffers() {
    var wire = Self.wire(IRCSASL(.external), offering: "sasl")
    wire.server(":irc1.test CAP alice ACK :sasl")
    wire.reset()
    wire.server(":irc1.test 908 alice PLAIN,SCRAM-SHA-256 :are available SASL mechanisms")
    wire.server(":irc1.test 904 alice :SASL authentication failed")
    #expect(
      wire.events.first
        == .authenticationFailed(
          reason: "SASL EXTERNAL failed: the server does not accept EXTERNAL (it offers PLAIN,"
            + " SCRAM-SHA-256) (908: are available SASL mechanisms)"))
    #expect(wire.events.count == 2)
  }

  @Test func externalOverPlaintextIsNotTriedAndSaysTLSIsNeeded() {
    func wire(_ security: IRCEndpoint.Security, required: Bool = true) -> IRCWire {
      var wire = IRCWire(
        .init(
          nick: "alice", pacing: .unlimited, sasl: IRCSASL(.external, isRequired: required),
          endpoint: IRCEndpoint(host: "irc.example.org", port: 6667, security: security)))
      wire.reset()
      wire.server(":irc1.test CAP * LS :echo-message sasl=PLAIN,EXTERNAL")
      return wire
    }
    let reason =
      "SASL EXTERNAL needs TLS, to present the client certificate, and the connection to"
      + " irc.example.org:6667 is plaintext (the server asked for no STS upgrade)"
    let plaintext = wire(.plaintext)
    #expect(plaintext.lines == ["QUIT :SASL authentication failed"])
    #expect(plaintext.events.first == .authenticationFailed(reason: reason))
    #expect(plaintext.closed)
    let optional = wire(.plaintext, required: false)
    #expect(optional.lines == ["CAP REQ echo-message"])
    #expect(
      optional.events
        == [
          .authenticationFailed(
            reason: reason + "; registering without an account, as SASL is optional")
        ])
    #expect(wire(.tls).lines == ["CAP REQ :echo-message sasl"])
  }

  @Test func aServerThatRegistersBeforeSASLFinishesIsLeftWhenRequired() {
    var wire = IRCWire(.init(nick: "alice", pacing: .unlimited, sasl: Self.plain))
    wire.reset()
    wire.server(":old.test 421 * CAP :Unknown command")
    #expect(wire.lines == ["QUIT :SASL authentication failed"])
    #expect(wire.closed)
    wire.server(":old.test 001 alice :Welcome")
    #expect(wire.client.phase == .disconnected)

    var hasty = Self.wire()
    hasty.server(":irc1.test CAP alice ACK :echo-message sasl")
    hasty.server(":irc1.test 001 alice :Welcome")
    #expect(hasty.client.phase == .disconnected)
    #expect(!hasty.lines.contains("JOIN #chat"))
    #expect(
      hasty.events.contains(
        .authenticationFailed(reason: "the server registered the connection before SASL")))
  }

  @Test func aRefusedSASLCapabilityIsAFailure() {
    var wire = Self.wire()
    wire.reset()
    wire.server(":irc1.test CAP alice NAK :echo-message sasl")
    #expect(wire.lines == ["QUIT :SASL authentication failed"])
    #expect(wire.closed)
  }

  @Test func anUnexpectedChallengeIsAbortedAndARepeatedOneIgnored() {
    var wire = Self.wire()
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.reset()
    wire.server("AUTHENTICATE Zm9v")
    #expect(wire.lines == ["AUTHENTICATE *"])
    wire.server("AUTHENTICATE +")
    wire.server("AUTHENTICATE +")
    #expect(wire.lines == ["AUTHENTICATE *"])
    #expect(wire.sensitive.isEmpty)
  }

  @Test func aCapCommandTheServerRefusesGivesUpSASLBeforeEndingNegotiation() {
    var required = Self.wire()
    required.reset()
    required.server(":irc1.test 410 alice REQ :Invalid CAP command")
    #expect(required.lines == ["QUIT :SASL authentication failed"])
    #expect(required.closed)

    var optional = Self.wire(IRCSASL(Self.plain.mechanism, isRequired: false))
    optional.reset()
    optional.server(":irc1.test 410 alice REQ :Invalid CAP command")
    #expect(optional.lines == ["CAP END"])
    #expect(
      optional.events == [
        .authenticationFailed(
          reason: "the server refused our CAP command (410); registering without an account,"
            + " as SASL is optional")
      ])
  }
}
