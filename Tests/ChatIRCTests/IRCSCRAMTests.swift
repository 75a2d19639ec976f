import ChatCrypto
import Testing

@testable import ChatIRC

/// SCRAM-SHA-256 against RFC 7677's example exchange (section 3), with OpenSSL's hashes.
@Suite(.timeLimit(.minutes(10))) struct IRCSCRAMTests {
  static let crypto = OpenSSLSASLCrypto()
  static let clientNonce = "rOprNGfwEbeRWgbNEkqO"
  static let serverFirst =
    "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
  static let clientFinal =
    "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
    + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
  static let serverFinal = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="

  static func final(
    _ serverFirst: String = serverFirst, password: String = "pencil",
    exchange: inout IRCSCRAM
  ) throws(IRCSCRAMFailure) -> String {
    let bytes = try exchange.clientFinal(
      serverFirst: Array(serverFirst.utf8), password: Array(password.utf8), crypto: crypto)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func theRFC7677ExampleGivesItsExactMessages() throws {
    var exchange = IRCSCRAM(user: "user", nonce: Self.clientNonce)
    #expect(
      String(decoding: exchange.clientFirst, as: UTF8.self) == "n,,n=user,r=rOprNGfwEbeRWgbNEkqO")
    #expect(try Self.final(exchange: &exchange) == Self.clientFinal)
    try exchange.verify(serverFinal: Array(Self.serverFinal.utf8))
    #expect(exchange.step == .verified)
  }

  @Test func aServerThatDoesNotKnowThePasswordIsRefused() throws {
    var exchange = IRCSCRAM(user: "user", nonce: Self.clientNonce)
    _ = try Self.final(password: "pencil2", exchange: &exchange)
    #expect(throws: IRCSCRAMFailure.badServerSignature) {
      try exchange.verify(serverFinal: Array(Self.serverFinal.utf8))
    }
    var other = IRCSCRAM(user: "user", nonce: Self.clientNonce)
    _ = try Self.final(exchange: &other)
    #expect(throws: IRCSCRAMFailure.badServerSignature) {
      try other.verify(serverFinal: Array("v=7rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=".utf8))
    }
    #expect(throws: IRCSCRAMFailure.badServerSignature) {
      try other.verify(serverFinal: Array("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl9".utf8))
    }
  }

  @Test(arguments: [
    "r=rOprNGfwEbeRWgbNEkqX%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
    "r=rOprNGfwEbeRWgbNEkqO,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
    "r=hvYrOprNGfwEbeRWgbNEkqO,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
  ])
  func aNonceThatDoesNotExtendOursIsRefused(serverFirst: String) {
    var exchange = IRCSCRAM(user: "user", nonce: Self.clientNonce)
    #expect(throws: IRCSCRAMFailure.nonceMismatch) {
      _ = try Self.final(serverFirst, exchange: &exchange)
    }
  }

  @Test(arguments: [(4095, true), (1, true), (0, true), (1_000_001, false), (99_999_999, false)])
  func iterationsOutsideTheAllowedRangeAreRefused(count: Int, tooFew: Bool) {
    var exchange = IRCSCRAM(user: "user", nonce: Self.clientNonce)
    let serverFirst = "r=\(Self.clientNonce)x,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=\(count)"
    let expected: IRCSCRAMFailure = tooFew ? .tooFewIterations(count) : .tooManyIterations(count)
    #expect(throws: expected) { _ = try Self.final(serverFirst, exchange: &exchange) }
    #expect("\(expected)".contains("\(count) iterations"))
  }

  @Test(arguments: [
    "", "r=rOprNGfwEbeRWgbNEkqOx", "s=W22ZaJ0SNY7soEsUEjb6gQ==,r=rOprNGfwEbeRWgbNEkqOx,i=4096",
    "r=rOprNGfwEbeRWgbNEkqOx,s=!!!,i=4096", "r=rOprNGfwEbeRWgbNEkqOx,s=,i=4096",
    "r=rOprNGfwEbeRWgbNEkqOx,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=",
    "r=rOprNGfwEbeRWgbNEkqOx,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=-4096",
    "r=rOprNGfwEbeRWgbNEkqOx,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=99999999999999999999",
    "r=rOprNGfwEbeRWgbNEkqOx,,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096", "garbage",
  ])
  func aMalformedServerFirstIsRefused(serverFirst: String) {
    var exchange = IRCSCRAM(user: "user", nonce: Self.clientNonce)
    #expect {
      _ = try Self.final(serverFirst, exchange: &exchange)
    } throws: { error in
      guard let failure = error as? IRCSCRAMFailure, case .malformed = failure else { return false }
      return true
    }
    #expect(exchange.step == .awaitingServerFirst)
  }

  @Test func aMandatoryExtensionOrAServerErrorEndsTheExchange() throws {
    var exchange = IRCSCRAM(user: "user", nonce: Self.clientNonce)
    #expect(throws: IRCSCRAMFailure.mandatoryExtension) {
      _ = try Self.final("m=ext," + Self.serverFirst, exchange: &exchange)
    }
    _ = try Self.final(exchange: &exchange)
    #expect(throws: IRCSCRAMFailure.serverError("invalid-proof")) {
      try exchange.verify(serverFinal: Array("e=invalid-proof".utf8))
    }
  }

  @Test func aReplayAcceptsTheRecordedNonceAndSignature() throws {
    var exchange = IRCSCRAM(user: "user", nonce: "replay")
    _ = try exchange.clientFinal(
      serverFirst: Array(Self.serverFirst.utf8), password: Array("replay".utf8),
      crypto: Self.crypto, checksNonce: false)
    try exchange.verify(serverFinal: Array(Self.serverFinal.utf8), checksSignature: false)
    #expect(exchange.step == .verified)
  }

  @Test func theAccountNameIsEscaped() {
    #expect(IRCSCRAM(user: "a=b,c", nonce: "n").clientFirstBare == "n=a=3Db=2Cc,r=n")
  }

  @Test func nonceAreFreshAndPrintable() {
    let first = Self.crypto.makeNonce()
    #expect(first.count == 36)
    #expect(first.allSatisfy { $0.isHexDigit })
    #expect(first != Self.crypto.makeNonce())
  }
}
