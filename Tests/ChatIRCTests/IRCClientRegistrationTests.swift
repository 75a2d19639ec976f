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
    wire.server(":irc.test CAP * LS :multi-prefix")
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
