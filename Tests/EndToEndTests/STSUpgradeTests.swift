import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// STS through the built binary: InspIRCd's `ircv3_sts` tells a plaintext connection to use
/// its TLS port, and the policy chat stores then upgrades the next run before it dials.
///
/// The plaintext port is reached through a proxy that counts connections, so the server's
/// side shows whether a run made a plaintext connection at all. The test CA is trusted
/// through `--tls-ca`, which an `irc://` run keeps for the upgraded connection; the system's
/// trust store (and `SSL_CERT_FILE`) would refuse it.
@Suite(.ownThread, .requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct STSUpgradeTests {
  /// InspIRCd with a TLS port and a five-minute STS policy for `localhost`.
  static func startServer(_ certificates: TestCertificates) throws -> InspIRCdServer {
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    configuration.stsPolicy = .init(host: "localhost", tlsIdentity: "server", duration: "5m")
    return try InspIRCdServer.start(configuration)
  }

  @Test func anSTSAdvertisementUpgradesAndTheStoredPolicyUpgradesTheNextRunFirst() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let server = try Self.startServer(certificates)
    defer { server.stop() }
    let tlsPort = try #require(server.tlsPort)
    let plaintext = try FaultProxy(forwardingTo: server.port)
    defer { plaintext.stop() }
    let watcher = try RawIRCClient.joined("#secure", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let environment = home.environment()
    let url = "irc://localhost:\(plaintext.port)/#secure"
    let trust = ["--tls-ca", certificates.authority]
    let first = try RunningChat(
      ["--server", url, "--name", "first"] + trust, environment: environment)
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
      first.stderr.contains(
        "localhost:\(plaintext.port) is plaintext: --tls-ca applies only if the server's STS"
          + " policy upgrades the connection to TLS"), "\(first.stderr)")
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
      ["--server", url, "--name", "second"] + trust, stdin: Array("remembered\n".utf8),
      environment: environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      second.stderr.contains("an STS policy for localhost upgrades the connection"),
      "\(second.stderr)")
    #expect(!second.stderr.contains("the server asks for TLS"), "\(second.stderr)")
    #expect(!second.stderr.contains("is plaintext"), "the CA is in use: \(second.stderr)")
    #expect(plaintext.acceptedConnections == 1, "the second run made no plaintext connection")
    let remembered = try watcher.waitFor("second's message") { $0.command == "PRIVMSG" }
    #expect(remembered.nick == "second" && remembered.trailing == "remembered")
  }

  @Test func anUpgradeVerifiedAgainstTheWrongCAFailsWithoutFallingBackToPlaintext() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let stranger = try TestCertificates()
    defer { stranger.remove() }
    let server = try Self.startServer(certificates)
    defer { server.stop() }
    let tlsPort = try #require(server.tlsPort)
    let plaintext = try FaultProxy(forwardingTo: server.port)
    defer { plaintext.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let url = "irc://localhost:\(plaintext.port)/#secure"

    // Advertised on the plaintext connection: the upgrade fails, and nothing is retried.
    let advertised = try BinaryRunner.run(
      ["--server", url, "--name", "stranger", "--tls-ca", stranger.authority],
      stdin: Array("never sent\n".utf8), environment: home.environment())
    #expect(advertised.status == 69, "\(advertised.stderr)")
    #expect(
      advertised.stderr.contains(
        "the server asks for TLS (STS): reconnecting to localhost:\(tlsPort)"),
      "\(advertised.stderr)")
    let refusal = try #require(
      advertised.stderr.split(separator: "\n").last.map(String.init), "\(advertised.stderr)")
    #expect(
      refusal.contains("localhost:\(tlsPort)") && refusal.contains("untrusted issuer"),
      "\(advertised.stderr)")
    #expect(plaintext.acceptedConnections == 1, "the one connection that saw the policy")

    // Remembered from a verified run: the wrong CA fails the same way, with no plaintext.
    let trusted = try BinaryRunner.run(
      ["--server", url, "--name", "trusted", "--tls-ca", certificates.authority],
      stdin: Array("verified\n".utf8), environment: home.environment())
    #expect(trusted.status == 0, "\(trusted.stderr)")
    let connections = plaintext.acceptedConnections
    let remembered = try BinaryRunner.run(
      ["--server", url, "--name", "stranger", "--tls-ca", stranger.authority],
      stdin: Array("never sent\n".utf8), environment: home.environment())
    #expect(remembered.status == 69, "\(remembered.stderr)")
    #expect(
      remembered.stderr.contains("an STS policy for localhost upgrades the connection"),
      "\(remembered.stderr)")
    #expect(remembered.stderr.contains("untrusted issuer"), "\(remembered.stderr)")
    #expect(plaintext.acceptedConnections == connections, "no plaintext connection")
  }

  @Test func withoutAnSTSPolicyThePlaintextRunSaysItsTLSFilesWaitAndEXTERNALIsNotTried() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let url = "irc://127.0.0.1:\(server.port)/#plain"
    let unused = try BinaryRunner.run(
      ["--server", url, "--name", "plain", "--tls-ca", certificates.authority],
      stdin: Array("in the clear\n".utf8), environment: home.environment())
    #expect(unused.status == 0, "\(unused.stderr)")
    let notice =
      "127.0.0.1:\(server.port) is plaintext: --tls-ca applies only if the server's STS policy"
      + " upgrades the connection to TLS"
    #expect(unused.output.contains("-!- " + notice), "\(unused.output)")

    let client = try certificates.makeClient(named: "dana")
    let certificate = try certificates.combinedFile(for: client)
    let external = try BinaryRunner.run(
      ["--server", url, "--name", "dana", "--tls-cert", certificate, "--sasl-user", "dana"],
      stdin: Array("never sent\n".utf8), environment: home.environment())
    #expect(external.status == 77, "\(external.stderr)")
    #expect(
      external.stderr.contains(
        "SASL EXTERNAL needs TLS, to present the client certificate, and the connection to"
          + " 127.0.0.1:\(server.port) is plaintext"), "\(external.stderr)")
  }

  /// The notice that `--tls-ca` waits for an upgrade, told before connecting: a recording
  /// names the flag (never its file) in `tls-awaits-upgrade`, and its replay tells the notice
  /// where live did, with the live status, stdout and stderr.
  @Test func aReplayOfAPlaintextRunTellsTheWaitingTLSOptionsWhereLiveDid() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let live = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#plain", "--name", "plain", "--tls-ca",
        certificates.authority, "--renderer", "jsonl", "--record", recording,
      ], stdin: Array("in the clear\n".utf8), environment: home.environment())
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.output.contains("\"tls_awaits_upgrade\""), "\(live.output)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("\ntls-awaits-upgrade --tls-ca\n"), "\(recorded)")
    #expect(!recorded.contains(certificates.authority), "no path in a recording")
    try live.ending.expectReplay(of: recording, environment: home.environment())
  }

  @Test func inLineModeAFailedUpgradeIsShownNotRetriedAndNeverPlaintext() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let stranger = try TestCertificates()
    defer { stranger.remove() }
    let server = try Self.startServer(certificates)
    defer { server.stop() }
    let tlsPort = try #require(server.tlsPort)
    let plaintext = try FaultProxy(forwardingTo: server.port)
    defer { plaintext.stop() }
    let terminal = try PseudoTerminal(
      arguments: [
        "--server", "irc://localhost:\(plaintext.port)/#secure", "--tls-ca", stranger.authority,
      ], columns: 200)
    terminal.expectScreen("the refused upgrade") {
      $0.text.contains("the server asks for TLS (STS): reconnecting to localhost:\(tlsPort)")
        && $0.text.contains("untrusted issuer") && $0.text.contains("not retried")
    }
    #expect(!terminal.screen.text.contains("reconnecting to localhost:\(plaintext.port)"))
    #expect(plaintext.acceptedConnections == 1, "\(terminal.report)")
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 69, "\(terminal.report)")
    #expect(plaintext.acceptedConnections == 1, "no plaintext fallback")
  }
}
