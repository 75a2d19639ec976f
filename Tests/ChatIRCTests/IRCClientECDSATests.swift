import ChatCore
import Testing

@testable import ChatIRC

/// SASL ECDSA-NIST256P-CHALLENGE in the client: the account name after the empty challenge,
/// then the server's challenge signed once by the signer it was given.
@Suite(.timeLimit(.minutes(10))) struct IRCClientECDSATests {
  /// Signs by reversing the challenge, so a test can tell what was signed.
  struct ReversingSigner: IRCChallengeSigning {
    func sign(_ challenge: [UInt8]) -> [UInt8]? { challenge.reversed() }
  }

  static func wire(signer: (any IRCChallengeSigning)? = ReversingSigner()) -> IRCWire {
    var wire = IRCWire(
      .init(
        nick: "alice", channels: [], wantedCapabilities: [], pacing: .unlimited,
        sasl: IRCSASL(.ecdsaNIST256PChallenge(user: "alice"))),
      challengeSigner: signer)
    wire.server(":irc1.test CAP * LS :sasl=PLAIN,ECDSA-NIST256P-CHALLENGE")
    wire.server(":irc1.test CAP alice ACK :sasl")
    return wire
  }

  @Test func theAccountNameThenTheSignedChallengeAreSent() {
    var wire = Self.wire()
    #expect(wire.lines.last == "AUTHENTICATE ECDSA-NIST256P-CHALLENGE")
    wire.reset()
    wire.server("AUTHENTICATE +")
    #expect(wire.lines == ["AUTHENTICATE " + IRCBase64.encode(Array("alice".utf8))])
    let challenge = (0..<32).map { UInt8($0) }
    wire.server("AUTHENTICATE " + IRCBase64.encode(challenge))
    #expect(wire.lines.last == "AUTHENTICATE " + IRCBase64.encode(challenge.reversed()))
    #expect(wire.sensitive == [0, 1])
    // A second challenge is not signed again.
    wire.server("AUTHENTICATE " + IRCBase64.encode(challenge))
    #expect(wire.lines.count == 2)
    wire.server(":irc1.test 903 alice :SASL authentication successful")
    #expect(wire.lines.last == "CAP END")
    #expect(wire.events.last == .authenticated(account: nil))
  }

  @Test(arguments: [0, 65])
  func aChallengeTheKeyCannotSignIsRefused(length: Int) {
    var wire = Self.wire()
    wire.server("AUTHENTICATE +")
    wire.reset()
    wire.server(
      length == 0
        ? "AUTHENTICATE +" : "AUTHENTICATE " + IRCBase64.encode(Array(repeating: 7, count: length)))
    #expect(wire.lines.first == "AUTHENTICATE *")
    #expect(wire.lines.contains("QUIT :SASL authentication failed"))
    #expect(wire.closed)
  }

  @Test func withoutASignerTheLoginFails() {
    var wire = Self.wire(signer: nil)
    wire.server("AUTHENTICATE +")
    wire.server("AUTHENTICATE " + IRCBase64.encode(Array(repeating: 1, count: 32)))
    #expect(wire.lines.contains("AUTHENTICATE *"))
    #expect(wire.closed)
  }

  @Test func aRefusedSignatureSaysSo() {
    var wire = Self.wire()
    wire.server("AUTHENTICATE +")
    wire.server("AUTHENTICATE " + IRCBase64.encode(Array(repeating: 1, count: 32)))
    wire.server(":irc1.test 904 alice :SASL authentication failed")
    let failure = wire.events.compactMap { event -> String? in
      if case .authenticationFailed(let reason) = event { reason } else { nil }
    }
    #expect(failure.count == 1)
    #expect(
      failure.first?.contains(
        "SASL ECDSA-NIST256P-CHALLENGE failed: the server refused the account name or the key's"
      ) == true, "\(failure)")
  }
}
