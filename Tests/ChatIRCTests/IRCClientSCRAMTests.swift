import ChatCore
import ChatCrypto
import FoundationEssentials
import Testing

@testable import ChatIRC

/// SCRAM-SHA-256 in the client: chosen over `PLAIN` where the server names it, RFC 7677's
/// example exchange on the wire, and every way a server can fail to prove itself refused.
@Suite(.timeLimit(.minutes(10))) struct IRCClientSCRAMTests {
  static let login = IRCSASL(.plain(user: "user", password: IRCSecret("pencil")))

  /// A client logging in as RFC 7677's `user`, with its nonce, that saw `ls` offered.
  static func wire(
    _ sasl: IRCSASL = login, offering ls: String = "sasl=PLAIN,SCRAM-SHA-256",
    crypto: (any IRCSASLCrypto)? = OpenSSLSASLCrypto()
  ) -> IRCWire {
    var wire = IRCWire(
      .init(nick: "alice", channels: [], wantedCapabilities: [], pacing: .unlimited, sasl: sasl),
      saslCrypto: crypto, saslNonce: IRCSCRAMTests.clientNonce)
    wire.server(":irc1.test CAP * LS :\(ls)")
    wire.server(":irc1.test CAP alice ACK :sasl")
    return wire
  }

  static func authenticate(_ message: String) -> String {
    "AUTHENTICATE " + IRCBase64.encode(Array(message.utf8))
  }

  /// The wire after the RFC's server-first: our client-final is its last line.
  static func afterServerFirst(_ sasl: IRCSASL = login) -> IRCWire {
    var wire = Self.wire(sasl)
    wire.server("AUTHENTICATE +")
    wire.server(authenticate(IRCSCRAMTests.serverFirst))
    return wire
  }

  @Test func scramIsPreferredAndSendsTheRFCExchangeExactly() {
    var wire = Self.wire()
    #expect(wire.lines.last == "AUTHENTICATE SCRAM-SHA-256")
    wire.reset()
    wire.server("AUTHENTICATE +")
    #expect(wire.lines == [Self.authenticate("n,,n=user,r=rOprNGfwEbeRWgbNEkqO")])
    wire.server(Self.authenticate(IRCSCRAMTests.serverFirst))
    #expect(wire.lines.last == Self.authenticate(IRCSCRAMTests.clientFinal))
    #expect(wire.sensitive == [0, 1])
    wire.server(Self.authenticate(IRCSCRAMTests.serverFinal))
    #expect(wire.lines.last == "AUTHENTICATE +")
    wire.server(":irc1.test 900 alice alice!a@h user :You are now logged in as user")
    wire.server(":irc1.test 903 alice :SASL authentication successful")
    #expect(wire.lines.last == "CAP END")
    #expect(wire.events.last == .authenticated(account: "user"))
  }

  @Test(arguments: ["sasl=PLAIN,EXTERNAL", "sasl"])
  func withoutScramOfferedThePasswordGoesAsPlain(offered: String) {
    let wire = Self.wire(offering: offered)
    #expect(wire.lines.last == "AUTHENTICATE PLAIN")
  }

  @Test func withoutCryptoThePasswordGoesAsPlain() {
    let wire = Self.wire(crypto: nil)
    #expect(wire.lines.last == "AUTHENTICATE PLAIN")
  }

  @Test func scramListedIn908AfterPlainWasRefusedIsTried() {
    var wire = Self.wire(offering: "sasl")
    wire.reset()
    wire.server(":irc1.test 908 alice SCRAM-SHA-256,EXTERNAL :are available SASL mechanisms")
    #expect(wire.lines == ["AUTHENTICATE SCRAM-SHA-256"])
    wire.server(":irc1.test 904 alice :SASL authentication failed")
    #expect(
      wire.events.filter { if case .authenticationFailed = $0 { true } else { false } }.isEmpty)
    wire.server("AUTHENTICATE +")
    #expect(wire.lines.last == Self.authenticate("n,,n=user,r=rOprNGfwEbeRWgbNEkqO"))
    // A second 908 does not start a third attempt: the login fails.
    wire.server(":irc1.test 908 alice SCRAM-SHA-256 :are available SASL mechanisms")
    #expect(wire.lines.last?.hasPrefix("QUIT") == true)
  }

  /// A challenge over 400 bytes comes in pieces; they are put together before reading it.
  @Test func aServerFirstInPiecesIsReassembled() {
    var wire = Self.wire()
    wire.server("AUTHENTICATE +")
    let first =
      "r=\(IRCSCRAMTests.clientNonce)\(String(repeating: "x", count: 400)),"
      + "s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
    let encoded = IRCBase64.encode(Array(first.utf8))
    let cut = encoded.index(encoded.startIndex, offsetBy: 400)
    wire.reset()
    wire.server("AUTHENTICATE \(encoded[..<cut])")
    #expect(wire.lines.isEmpty)
    wire.server("AUTHENTICATE \(encoded[cut...])")
    // The final message repeats the long nonce: it goes in two pieces too.
    #expect(wire.lines.count == 2)
    #expect(wire.lines.allSatisfy { $0.hasPrefix("AUTHENTICATE ") && $0 != "AUTHENTICATE *" })
  }

  static let refusals: [(String, String)] = [
    (
      authenticate("v=7rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="),
      "the server could not prove it knows the password"
    ),
    (
      ":irc1.test 903 alice :SASL authentication successful",
      "the server reported success without proving it knows the password"
    ),
    (authenticate("e=other-error"), "the server ended the exchange: other-error"),
    ("AUTHENTICATE !!!!", "not base64"),
  ]

  @Test(arguments: refusals)
  func aServerThatCannotProveItselfIsRefusedAndLeft(line: String, reason: String) {
    var wire = Self.afterServerFirst()
    wire.reset()
    wire.server(line)
    guard
      case .authenticationFailed(let said)? = wire.events.first(where: {
        if case .authenticationFailed = $0 { true } else { false }
      })
    else {
      Issue.record("no failure: \(wire.events)")
      return
    }
    #expect(said.contains("SASL SCRAM-SHA-256 failed"), "\(said)")
    #expect(said.contains(reason), "\(said)")
    #expect(!said.contains("pencil"))
    #expect(wire.lines.contains("QUIT :SASL authentication failed"))
    #expect(!wire.lines.contains("CAP END"))
    #expect(wire.closed)
  }

  @Test(arguments: [
    "r=rOprNGfwEbeRWgbNEkqX%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
    "r=rOprNGfwEbeRWgbNEkqO%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4095",
    "r=rOprNGfwEbeRWgbNEkqO%hvY,i=4096",
  ])
  func aBadServerFirstIsAbortedAndRefused(serverFirst: String) {
    var wire = Self.wire()
    wire.server("AUTHENTICATE +")
    wire.reset()
    wire.server(Self.authenticate(serverFirst))
    #expect(wire.lines.first == "AUTHENTICATE *")
    #expect(wire.lines.contains("QUIT :SASL authentication failed"))
    #expect(wire.closed)
  }

  @Test func optionalScramThatFailsRegistersWithoutAnAccount() {
    var wire = Self.afterServerFirst(IRCSASL(Self.login.mechanism, isRequired: false))
    wire.reset()
    wire.server(Self.authenticate("v=AAAA"))
    #expect(wire.lines == ["AUTHENTICATE *", "CAP END"])
    #expect(!wire.closed)
  }

  /// A hostile server's endless challenge: pieces of 400 bytes that never end are cut off at
  /// `maximumChallengeBytes`, and the login fails instead of growing without bound.
  @Test func anEndlessChallengeIsCutOffAndRefused() {
    var wire = Self.wire()
    wire.server("AUTHENTICATE +")
    wire.reset()
    let piece = "AUTHENTICATE " + String(repeating: "A", count: 400)
    for _ in 0..<1000 { wire.server(piece) }
    #expect(wire.lines.first == "AUTHENTICATE *")
    #expect(wire.lines.contains("QUIT :SASL authentication failed"))
    #expect(wire.client.registration.saslChallenge.isEmpty)
    #expect(wire.closed)
  }
}
