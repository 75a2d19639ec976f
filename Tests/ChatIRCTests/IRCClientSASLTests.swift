import ChatCore
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10))) struct IRCClientSASLTests {
  static let password = "s3cret-Pa55word"
  static let plain = IRCSASL(.plain(user: "alice", password: IRCSecret(password)))

  /// A client with `sasl` that has sent its registration and seen `ls` offered.
  static func wire(
    _ sasl: IRCSASL = plain, offering ls: String = "echo-message sasl=PLAIN,EXTERNAL",
    pacing: IRCTokenBucket.Settings = .unlimited
  ) -> IRCWire {
    var wire = IRCWire(
      .init(
        nick: "alice", channels: ["#chat"], wantedCapabilities: ["echo-message"],
        pacing: pacing, sasl: sasl))
    wire.server(":irc1.test CAP * LS :\(ls)")
    return wire
  }

  @Test func plainSendsItsResponseAfterTheEmptyChallengeAndRegistersAfter903() {
    var wire = Self.wire()
    #expect(wire.lines.suffix(1) == ["CAP REQ :echo-message sasl"])
    wire.reset()
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    #expect(wire.lines == ["AUTHENTICATE PLAIN"])
    wire.server("AUTHENTICATE +")
    // base64 of "alice\0alice\0s3cret-Pa55word"
    #expect(
      wire.lines == ["AUTHENTICATE PLAIN", "AUTHENTICATE YWxpY2UAYWxpY2UAczNjcmV0LVBhNTV3b3Jk"])
    #expect(wire.sensitive == [1])
    wire.server(
      ":irc1.test 900 alice alice!alice@127.0.0.1 alice :You are now logged in as alice")
    #expect(wire.lines.count == 2)
    wire.server(":irc1.test 903 alice :SASL authentication successful")
    #expect(wire.lines.last == "CAP END")
    #expect(wire.events.suffix(1) == [.authenticated(account: "alice")])
    #expect(wire.client.account == "alice")
    wire.server(":irc1.test 001 alice :Welcome alice!alice@127.0.0.1")
    #expect(wire.lines.last == "JOIN #chat")
    #expect(wire.client.phase == .registered)
  }

  @Test func externalAnswersTheChallengeWithAnEmptyResponse() {
    var wire = Self.wire(IRCSASL(.external), offering: "sasl")
    wire.reset()
    wire.server(":irc1.test CAP alice ACK :sasl")
    wire.server("AUTHENTICATE +")
    #expect(wire.lines == ["AUTHENTICATE EXTERNAL", "AUTHENTICATE +"])
    #expect(wire.sensitive.isEmpty)
    wire.server(":irc1.test 903 alice :SASL authentication successful")
    #expect(wire.lines.last == "CAP END")
    #expect(wire.events.last == .authenticated(account: nil))
  }

  /// `alice\0alice\0` is 12 bytes: a password of 288 gives 300 bytes, 400 in base64.
  @Test(arguments: [
    (288, [400], true), (289, [400, 4], false), (588, [400, 400], true), (0, [16], false),
  ])
  func theResponseGoesInPiecesOf400BytesEndingWithAPlusAfterAFullPiece(
    passwordLength: Int, pieces: [Int], endsWithPlus: Bool
  ) {
    let password = String(repeating: "p", count: passwordLength)
    var wire = Self.wire(IRCSASL(.plain(user: "alice", password: IRCSecret(password))))
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.reset()
    wire.server("AUTHENTICATE +")
    let payload = wire.lines.filter { $0 != "AUTHENTICATE +" }
    #expect(payload.map { $0.utf8.count - "AUTHENTICATE ".utf8.count } == pieces)
    #expect(wire.sensitive == Set(payload.indices))
    #expect((wire.lines.last == "AUTHENTICATE +") == endsWithPlus)
    #expect(wire.lines.count == pieces.count + (endsWithPlus ? 1 : 0))
  }

  @Test func alreadyAuthenticatedIsSuccess() {
    var wire = Self.wire()
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.reset()
    wire.server(":irc1.test 907 alice :You have already authenticated using SASL")
    #expect(wire.lines == ["CAP END"])
    #expect(wire.events == [.authenticated(account: nil)])
  }

  @Test func theResponseIsSentOnceHoweverOftenTheServerAsks() {
    var wire = Self.wire()
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.reset()
    for _ in 0..<5 { wire.server("AUTHENTICATE +") }
    #expect(wire.lines.count == 1)
  }

  @Test func loggingInTakesNoPacingDelay() {
    // Default pacing: CAP LS, NICK, USER and CAP REQ leave one of the burst of 5.
    var wire = Self.wire(pacing: .default)
    wire.server(":irc1.test CAP alice ACK :echo-message sasl", after: 30)
    wire.server("AUTHENTICATE +", after: 30)
    wire.server(":irc1.test 903 alice :SASL authentication successful", after: 30)
    #expect(
      wire.lines.suffix(3) == ["AUTHENTICATE PLAIN", wire.lines[wire.lines.count - 2], "CAP END"])
    #expect(wire.lineTimes.last == Timestamp.virtualEpoch.advanced(byMilliseconds: 90))
  }

  @Test func aReconnectionAuthenticatesAgain() {
    var wire = Self.wire()
    wire.server(":irc1.test CAP alice ACK :echo-message sasl")
    wire.server("AUTHENTICATE +")
    wire.server(":irc1.test 903 alice :ok")
    wire.server(":irc1.test 001 alice :Welcome")
    wire.take(wire.client.connectionClosed(reason: "reset", at: wire.time))
    wire.take(wire.client.start(at: wire.time))
    wire.reset()
    wire.server(":irc1.test CAP * LS :sasl")
    wire.server(":irc1.test CAP alice ACK :sasl")
    wire.server("AUTHENTICATE +")
    #expect(wire.lines.prefix(2) == ["CAP REQ sasl", "AUTHENTICATE PLAIN"])
    #expect(wire.sensitive == [2])
  }
}
