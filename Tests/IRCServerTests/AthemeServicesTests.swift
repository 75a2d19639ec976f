import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .requires(.inspircd, .atheme), .timeLimit(.minutes(10)))
struct AthemeServicesTests {
  @Test func servicesLinkAndAnAccountRegisteredWithNickServWorksForSASLPlain() throws {
    var configuration = InspIRCdConfiguration()
    configuration.services = true
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let services = try AthemeServices.start(linkedTo: server)
    defer { services.stop() }
    print("atheme link \(services.linkSeconds) s")

    let newcomer = try RawIRCClient.connect(port: server.port)
    defer { newcomer.close() }
    let registration = try newcomer.register(nick: "dana", capabilities: ["sasl"])
    #expect(registration.offered["sasl"]?.contains("PLAIN") == true, "\(registration.offered)")
    // A test password on a throwaway server; Atheme quotes it back in its NOTICE.
    try newcomer.send("PRIVMSG NickServ :REGISTER hunter22 dana@example.invalid")
    try newcomer.waitFor("900 logged in") { $0.command == "900" }

    let returning = try RawIRCClient.connect(port: server.port)
    defer { returning.close() }
    let plain = try returning.register(
      nick: "dana2", sasl: .plain(account: "dana", password: "hunter22"))
    #expect(plain.saslReply?.command == "903", "\(String(describing: plain.saslReply))")

    let wrong = try RawIRCClient.connect(port: server.port)
    defer { wrong.close() }
    let refused = try wrong.register(nick: "dana3", sasl: .plain(account: "dana", password: "nope"))
    #expect(refused.saslReply?.command == "904", "\(String(describing: refused.saslReply))")
  }
}
