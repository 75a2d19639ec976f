import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct TLSTests {
  @Test func eachTLSPortPresentsItsCertificateAndVerificationJudgesIt() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [
      certificates.server, certificates.wrongHost, certificates.expired, certificates.untrusted,
    ]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let ports = server.tlsPorts
    let trusted = try OpenSSLHandshake.attempt(
      port: ports["server"]!, authority: certificates.authority)
    #expect(trusted.succeeded, "\(trusted.output)")
    let noAuthority = try OpenSSLHandshake.attempt(port: ports["server"]!, authority: nil)
    #expect(!noAuthority.succeeded)
    let wrongHost = try OpenSSLHandshake.attempt(
      port: ports["wrong-host"]!, authority: certificates.authority)
    #expect(
      !wrongHost.succeeded && wrongHost.output.contains("hostname mismatch"), "\(wrongHost.output)")
    let expired = try OpenSSLHandshake.attempt(
      port: ports["expired"]!, authority: certificates.authority)
    #expect(!expired.succeeded && expired.output.contains("expired"), "\(expired.output)")
    let untrusted = try OpenSSLHandshake.attempt(
      port: ports["untrusted"]!, authority: certificates.authority)
    #expect(!untrusted.succeeded && untrusted.output.contains("self-signed"), "\(untrusted.output)")
  }

  @Test func aRawClientRegistersOverTLS() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let client = try RawIRCClient.connectTLS(
      port: server.tlsPort!, authority: certificates.authority)
    defer { client.close() }
    try client.register(nick: "alice")
    try client.send("WHOIS alice")
    let secure = try client.waitFor(command: "671", "318")
    #expect(secure.command == "671", "WHOIS says the connection is secure")
  }
}
