import ChatCore
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10))) struct IRCClientRegistrationTests {
  @Test func registersWithInspIRCdAskingForWhatItOffersThenJoinsAfterTheWelcome() {
    var wire = IRCWire()
    #expect(wire.lines == ["CAP LS 302", "NICK alice", "USER alice 0 * chat"])
    wire.reset()
    wire.server(
      ":irc1.test CAP * LS * :account-notify account-tag away-notify batch cap-notify chghost")
    #expect(wire.lines.isEmpty)
    wire.server(
      ":irc1.test CAP * LS :echo-message labeled-response message-tags sasl=PLAIN server-time")
    #expect(
      wire.lines == [
        "CAP REQ :echo-message message-tags server-time labeled-response batch away-notify"
          + " cap-notify account-notify account-tag chghost"
      ])
    wire.reset()
    wire.server(
      "@time=2026-12-01T09:12:28.923Z :irc1.test CAP alice ACK :echo-message message-tags server-time labeled-response batch"
    )
    #expect(wire.lines == ["CAP END"])
    #expect(
      wire.client.capabilities
        == ["echo-message", "message-tags", "server-time", "labeled-response", "batch"])
    wire.reset()
    // A JOIN before 001 would get 451: it waits.
    wire.user(.join(channel: "#other"))
    #expect(wire.lines.isEmpty)
    wire.server(
      ":irc1.test 001 alice :Welcome to the Test IRC Network alice!alice@127.0.0.1", after: 1000)
    #expect(wire.events.first == .registered(nick: "alice"))
    // Registration spent the burst of 5; a line a second after that.
    #expect(wire.lines == ["JOIN #chat"])
    wire.wait(1000)
    #expect(wire.lines == ["JOIN #chat", "JOIN #other"])
    wire.reset()
    wire.server(":alice!alice@127.0.0.1 JOIN :#chat")
    wire.server(":irc1.test 353 alice = #chat :@alice bob")
    wire.server(":irc1.test 366 alice #chat :End of /NAMES list.")
    #expect(
      wire.events == [
        .joined(channel: "#chat"),
        .names(
          channel: "#chat",
          members: [IRCMember(nick: "alice", prefixes: "@"), IRCMember(nick: "bob")]),
      ])
    #expect(wire.client.joinedChannels == ["#chat"])
  }

  @Test func aServerWithoutWantedCapabilitiesEndsNegotiationAtOnce() {
    var wire = IRCWire()
    wire.reset()
    wire.server(":irc.test CAP * LS :znc.in/self-message")
    #expect(wire.lines == ["CAP END"])
  }

  @Test func aRefusedRequestStillEndsNegotiation() {
    var wire = IRCWire()
    wire.server(":irc.test CAP * LS :echo-message")
    wire.reset()
    wire.server(":irc.test CAP * NAK :echo-message")
    #expect(wire.lines == ["CAP END"])
    #expect(wire.client.capabilities.isEmpty)
  }

  @Test func aTakenNickFallsBackAndSaysSo() {
    var wire = IRCWire()
    wire.reset()
    wire.server(":irc1.test 433 * alice :Nickname is already in use.")
    #expect(wire.lines == ["NICK alice_"])
    #expect(
      wire.events == [
        .nickRejected(nick: "alice", reason: "Nickname is already in use.", fallback: "alice_")
      ])
    wire.server(":irc1.test 433 * alice_ :Nickname is already in use.")
    wire.server(":irc1.test 433 * alice__ :Nickname is already in use.")
    wire.wait(1000)
    #expect(wire.lines == ["NICK alice_", "NICK alice__", "NICK alice3"])
    wire.server(":irc1.test 001 alice3 :Welcome")
    #expect(wire.client.nick == "alice3")
    #expect(wire.events.last == .registered(nick: "alice3"))
  }

  @Test func anInvalidNickFallsBackToItsValidCharacters() {
    var wire = IRCWire(.init(nick: "9 älice!"))
    wire.reset()
    wire.server(":irc1.test 432 * 9 :Erroneous Nickname")
    #expect(wire.lines == ["NICK lice"])
    #expect(IRCRegistration.fallbackNick(for: "😀", attempt: 1, invalid: true) == "chat")
  }

  /// InspIRCd and ngircd refuse a nick longer than their NICKLEN with 432 while
  /// registering: a long nick is tried cut to 30, then 16, then 9 characters, never made
  /// longer by `_`s.
  @Test func aLongNickRefusedAsErroneousIsTriedCutNotLengthened() {
    let long = "deploybot" + String(repeating: "x", count: 31)  // 40 characters
    var wire = IRCWire(.init(nick: long))
    wire.reset()
    wire.server(":irc1.test 432 * \(long) :Erroneous Nickname")
    let cut30 = String(long.prefix(30))
    #expect(wire.lines == ["NICK \(cut30)"])
    #expect(
      wire.events == [.nickRejected(nick: long, reason: "Erroneous Nickname", fallback: cut30)])
    wire.server(":irc1.test 432 * \(cut30) :Nickname too long, max. 16 characters")
    wire.server(":irc1.test 432 * \(long.prefix(16)) :Nickname too long, max. 9 characters")
    wire.wait(1000)  // Past the pacing's burst.
    #expect(wire.lines == ["NICK \(cut30)", "NICK \(long.prefix(16))", "NICK deploybot"])
    wire.server(":irc1.test 001 deploybot :Welcome")
    #expect(wire.events.last == .registered(nick: "deploybot"))
  }

  /// The user name made from a long nick is cut: the `USER` line stays within a line.
  @Test func theUserNameMadeFromALongNickIsCut() {
    let long = String(repeating: "u", count: 505)
    let wire = IRCWire(.init(nick: long))
    #expect(wire.lines.contains("USER \(long.prefix(30)) 0 * chat"), "\(wire.lines)")
    #expect(wire.lines.allSatisfy { $0.utf8.count <= 510 })
  }

  /// A fallback for a taken nick that made it too long is kept within the length instead.
  @Test func aTakenNickAtTheLimitFallsBackWithinIt() {
    let nick = String(repeating: "n", count: 30)
    var wire = IRCWire(.init(nick: nick))
    wire.reset()
    wire.server(":irc1.test 433 * \(nick) :Nickname is already in use.")
    wire.server(":irc1.test 432 * \(nick)_ :Erroneous Nickname")
    #expect(wire.lines == ["NICK \(nick)_", "NICK \(nick.prefix(28))__"])
  }

  /// On reconnecting, the NICKLEN the server gave is known: the nick is asked for cut at once.
  @Test func aReconnectAsksForTheNickCutToTheKnownNickLength() {
    let long = String(repeating: "a", count: 20)
    var wire = IRCWire(.init(nick: long))
    wire.server(":irc1.test 432 * \(long) :Erroneous Nickname")
    wire.server(":irc1.test 432 * \(long.prefix(16)) :Erroneous Nickname")
    wire.server(":irc1.test 001 \(long.prefix(9)) :Welcome")
    wire.server(":irc1.test 005 \(long.prefix(9)) NICKLEN=12 :are supported by this server")
    wire.take(wire.client.connectionClosed(reason: "gone", at: wire.time))
    wire.reset()
    wire.take(wire.client.start(at: wire.time))
    #expect(wire.lines.contains("NICK \(long.prefix(12))"), "\(wire.lines)")
  }

  @Test func givesUpWhenEveryNickIsRefused() {
    var wire = IRCWire(.init(nick: "alice", nickAttempts: 3))
    wire.server(":irc1.test 433 * alice :in use")
    wire.server(":irc1.test 433 * alice_ :in use")
    wire.reset()
    wire.server(":irc1.test 433 * alice__ :in use")
    #expect(wire.lines == ["QUIT :no nick accepted"])
    #expect(wire.closed)
    #expect(
      wire.events == [
        .disconnected(reason: "the server refused every nick tried (last 'alice__': in use)")
      ])
  }

  @Test func aNickChangeRefusedAfterRegistrationIsReportedNotRetried() {
    var wire = IRCWire.inspircd()
    wire.user(.changeNick("bob"))
    #expect(wire.lines == ["NICK bob"])
    wire.server(":irc1.test 433 alice bob :Nickname is already in use.")
    #expect(wire.lines == ["NICK bob"])
    #expect(wire.events == [.nickChangeFailed(nick: "bob", reason: "Nickname is already in use.")])
    wire.user(.changeNick("carol"))
    wire.server(":alice!alice@127.0.0.1 NICK :carol")
    #expect(wire.client.nick == "carol")
    #expect(wire.events.last == .nickChanged(from: "alice", to: "carol"))
  }

  @Test func readsISupportAndComparesWithItsCaseMapping() {
    var wire = IRCWire.inspircd()
    wire.server(
      ":irc1.test 005 alice CASEMAPPING=ascii CHANTYPES=# LINELEN=512 NICKLEN=30 NETWORK=Test :are supported by this server"
    )
    #expect(wire.client.support.caseMapping == .ascii)
    #expect(wire.client.support.nickLength == 30)
    #expect(wire.events.count == 1)
    wire.server(":Bob!b@h JOIN #CHAT")
    #expect(wire.events.last == .userJoined(channel: "#chat", nick: "Bob"))
  }

  @Test func aServerWithoutCapabilitiesRegistersAfterItsUnknownCommandReply() {
    var wire = IRCWire()
    wire.reset()
    wire.server(":old.test 421 * CAP :Unknown command")
    #expect(wire.lines.isEmpty)
    wire.server(":old.test 001 alice :Welcome")
    #expect(wire.lines == ["JOIN #chat"])
  }

  @Test func aServerCannotMakeItNegotiateTwice() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test CAP * LS :echo-message labeled-response")
    wire.server(":irc1.test 001 alice :Welcome again")
    wire.server(":irc1.test CAP alice ACK :echo-message")
    #expect(wire.lines.isEmpty)
  }
}
