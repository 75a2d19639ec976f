import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// STS through the built binary: InspIRCd's `ircv3_sts` tells a plaintext connection to use
/// its TLS port, and the policy chat stores then upgrades the next run before it dials.
///
/// The plaintext port is reached through a proxy that counts connections, so the server's
/// side shows whether a run made a plaintext connection at all. The test CA is trusted
/// through `SSL_CERT_FILE` (OpenSSL's default trust store), as an `irc://` run takes no
/// `--tls-ca`.
@Suite(.requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct STSUpgradeTests {
  @Test func anSTSAdvertisementUpgradesAndTheStoredPolicyUpgradesTheNextRunFirst() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    configuration.stsPolicy = .init(host: "localhost", tlsIdentity: "server", duration: "5m")
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let tlsPort = try #require(server.tlsPort)
    let plaintext = try FaultProxy(forwardingTo: server.port)
    defer { plaintext.stop() }
    let watcher = try RawIRCClient.connect(port: server.port)
    defer { watcher.close() }
    try watcher.register(nick: "watcher")
    try watcher.join("#secure")

    let home = try ScratchFolder()
    defer { home.remove() }
    let environment = home.environment(["SSL_CERT_FILE": certificates.authority])
    let url = "irc://localhost:\(plaintext.port)/#secure"
    let first = try RunningChat(["--server", url, "--name", "first"], environment: environment)
    defer { first.stop() }
    do {
      try watcher.waitFor("first's JOIN", timeout: 20) {
        $0.command == "JOIN" && $0.nick == "first"
      }
    } catch {
      Issue.record("chat said: \(first.stderr)\nthe server logged: \(server.log)")
      throw error
    }
    #expect(
      try watcher.whois("first").contains { $0.command == "671" },
      "the server says first is on a secure connection")
    #expect(
      first.stderr.contains("the server asks for TLS (STS): reconnecting to localhost:\(tlsPort)"),
      "\(first.stderr)")
    #expect(plaintext.acceptedConnections == 1)
    first.type("upgraded")
    first.closeInput()
    #expect(first.waitForExit() == 0, "\(first.stderr)")
    let said = try watcher.waitFor("first's message") { $0.command == "PRIVMSG" }
    #expect(said.nick == "first" && said.trailing == "upgraded")

    let store = "state/chat/sts"
    #expect(try home.mode(of: store) == 0o600)
    let stored = try String(contentsOfFile: home.path + "/" + store, encoding: .utf8)
    #expect(stored.contains("localhost \(tlsPort) "), "\(stored)")
    #expect(stored.hasSuffix(" 300\n"), "five minutes: \(stored)")

    let second = try BinaryRunner.run(
      ["--server", url, "--name", "second"], stdin: Array("remembered\n".utf8),
      environment: environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      second.stderr.contains("an STS policy for localhost upgrades the connection"),
      "\(second.stderr)")
    #expect(!second.stderr.contains("the server asks for TLS"), "\(second.stderr)")
    #expect(plaintext.acceptedConnections == 1, "the second run made no plaintext connection")
    let remembered = try watcher.waitFor("second's message") { $0.command == "PRIVMSG" }
    #expect(remembered.nick == "second" && remembered.trailing == "remembered")
  }
}
