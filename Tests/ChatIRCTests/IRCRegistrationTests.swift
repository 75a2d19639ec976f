import ChatCore
import Testing

@testable import ChatIRC

/// The registration part on its own: what is offered, what to ask for, whether SASL can be
/// tried, when registration must be done.
@Suite(.timeLimit(.minutes(10)))
struct IRCRegistrationTests {
  @Test func asksOnlyForWhatIsOfferedAndNotOnNeverStsOrSasl() {
    var registration = IRCRegistration()
    registration.offer(["echo-message", "batch", "sts=port=6697", "sasl=PLAIN", "=x"])
    registration.acknowledge(["batch"])
    let wanted = ["echo-message", "batch", "server-time", "sts", "sasl"]
    #expect(registration.requestable(wanted) == ["echo-message"])
    #expect(registration.stsValue?.port == 6697)
    registration.acknowledge(["-batch"])
    #expect(registration.requestable(wanted) == ["echo-message", "batch"])
  }

  @Test func aWithdrawnCapabilityIsOffAndSaysSoOnlyWhenItWasOn() {
    var registration = IRCRegistration()
    registration.offer(["batch", "echo-message"])
    registration.acknowledge(["batch"])
    let first = registration.withdraw(["echo-message"])
    let second = registration.withdraw(["batch"])
    #expect(!first && second)
    #expect(registration.capabilities.isEmpty && registration.offered.isEmpty)
  }

  @Test func saslNeedsTheMechanismOfferedAndExternalNeedsTLS() {
    var registration = IRCRegistration(sasl: true)
    #expect(registration.saslState == .waiting)
    #expect(registration.saslUnavailable(.external, over: nil) == "the server does not offer SASL")
    registration.offer(["sasl=PLAIN,external"])
    #expect(registration.saslUnavailable(.external, over: nil) == nil)
    let plaintext = IRCEndpoint(host: "irc.test", port: 6667, security: .plaintext)
    #expect(registration.saslUnavailable(.external, over: plaintext)?.contains("needs TLS") == true)
    registration.offer(["sasl=EXTERNAL"])
    let plain = IRCSASLMechanism.plain(user: "a", password: IRCSecret("p"))
    #expect(
      registration.saslUnavailable(plain, over: nil)
        == "the server does not accept SASL PLAIN (it offers EXTERNAL)")
  }

  @Test func registrationIsDueTheTimeoutAfterItBegan() {
    let start = Timestamp.virtualEpoch
    #expect(IRCRegistration().deadline(timeoutMilliseconds: 30_000) == nil)
    #expect(
      IRCRegistration(startingAt: start).deadline(timeoutMilliseconds: 30_000)
        == start.advanced(byMilliseconds: 30_000))
  }
}
