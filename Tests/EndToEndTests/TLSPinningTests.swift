import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `--tls-fingerprint` (and the networks file's `tls-fingerprint`) against InspIRCd with a
/// self-signed certificate, through the built binary: the pinned certificate is accepted
/// whatever its issuer or dates, any other refused (69) naming both fingerprints.
@Suite(.ownThread, .requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct TLSPinningTests {
  /// `ab12…` as `AB:12:…`.
  static func pairs(_ hex: String) -> String {
    stride(from: 0, to: hex.count, by: 2).map {
      hex.uppercased().dropFirst($0).prefix(2)
    }.joined(separator: ":")
  }

  @Test func aPinnedSelfSignedOrExpiredCertificateIsAcceptedFromTheFlagOrTheFile() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.untrusted, certificates.expired]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let selfSigned = try #require(server.tlsPorts[certificates.untrusted.name])
    let expired = try #require(server.tlsPorts[certificates.expired.name])
    let home = try ScratchFolder()
    defer { home.remove() }
    try home.write(
      "[expired]\nserver = ircs://127.0.0.1:\(expired)/#pinned\nnick = filepin\n"
        + "tls-fingerprint = \(certificates.expired.fingerprint)\n", to: "config/chat/networks")

    // The flag, in the colon form `openssl x509 -fingerprint -sha256` prints.
    let flag = try BinaryRunner.run(
      [
        "--server", "ircs://127.0.0.1:\(selfSigned)/#pinned", "--name", "flagpin",
        "--tls-fingerprint", Self.pairs(certificates.untrusted.fingerprint), "--renderer", "jsonl",
      ],
      stdin: Array("pinned and self-signed\n".utf8), environment: home.environment())
    #expect(flag.status == 0, "\(flag.stderr)")
    #expect(flag.output.contains("\"text\":\"pinned and self-signed\""), "\(flag.output)")

    let file = try BinaryRunner.run(
      ["--network", "expired", "--renderer", "jsonl"],
      stdin: Array("pinned and expired\n".utf8), environment: home.environment())
    #expect(file.status == 0, "\(file.stderr)")
    #expect(file.output.contains("\"text\":\"pinned and expired\""), "\(file.output)")
  }

  @Test func anotherCertificateThanThePinnedOneExits69NamingBothFingerprints() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.untrusted]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let port = try #require(server.tlsPort)
    let home = try ScratchFolder()
    defer { home.remove() }
    let pinned = certificates.server.fingerprint
    let result = try BinaryRunner.run(
      [
        "--server", "ircs://127.0.0.1:\(port)/#pinned", "--name", "wrongpin",
        "--tls-fingerprint", pinned,
      ],
      stdin: Array("never sent\n".utf8), environment: home.environment())
    #expect(result.status == 69, "\(result.stderr)")
    let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(
      last
        == "chat: TLS certificate of 127.0.0.1:\(port) refused: it is not the pinned certificate"
        + " (SHA-256 fingerprint expected \(Self.pairs(pinned)), presented"
        + " \(Self.pairs(certificates.untrusted.fingerprint)))", "\(result.stderr)")
    #expect(!result.output.contains("never sent"))
  }

  /// Malformed pins are the command line's (64, naming the flag) or the networks file's (78,
  /// `FILE:LINE`) mistakes, before anything connects.
  @Test func aMalformedPinIsAUsageOrConfigurationError() throws {
    let home = try ScratchFolder()
    defer { home.remove() }
    try home.write(
      "[bad]\nserver = ircs://127.0.0.1:1\ntls-fingerprint = 12:34\n", to: "config/chat/networks")
    let flag = try BinaryRunner.run(
      ["--server", "ircs://127.0.0.1:1", "--tls-fingerprint", "sha256:00"],
      environment: home.environment())
    #expect(flag.status == 64)
    #expect(
      flag.stderr.hasPrefix("chat: invalid --tls-fingerprint: 's' is not a hexadecimal digit"),
      "\(flag.stderr)")
    let file = try BinaryRunner.run(["--network", "bad"], environment: home.environment())
    #expect(file.status == 78)
    #expect(
      file.stderr.hasPrefix(
        "chat: \(home.path)/config/chat/networks:3: invalid tls-fingerprint: it has 4 digits"),
      "\(file.stderr)")
  }
}

/// `ircs://` to a plaintext port of a real InspIRCd and ngircd: neither answers a TLS hello
/// (each waits for a line), and chat says the server did not answer TLS, suggesting `irc://`,
/// rather than that the connection timed out. Long: the connect timeout is 15 s.
@Suite(.ownThread, .requires(.inspircd, .ngircd), .fullTier, .timeLimit(.minutes(10)))
struct TLSToPlaintextPortTests {
  @Test func aTLSConnectionToAPlaintextPortSaysTheServerDidNotAnswerTLS() throws {
    let inspircd = try InspIRCdServer.start()
    defer { inspircd.stop() }
    let ngircd = try NgircdServer.start()
    defer { ngircd.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    // Both at once: each waits out the same timeout.
    let runs = try [inspircd.port, ngircd.port].map { port in
      (
        port,
        try RunningChat(
          ["--server", "ircs://127.0.0.1:\(port)/#x", "--name", "plain"],
          environment: home.environment())
      )
    }
    defer { for (_, chat) in runs { chat.stop() } }
    // Typed while both run: a write to one that already exited would raise SIGPIPE here.
    for (_, chat) in runs {
      chat.type("never sent")
      chat.closeInput()
    }
    for (port, chat) in runs {
      #expect(chat.waitForExit(within: 40) == 69, "\(chat.stderr)")
      let endpoint = "127.0.0.1:\(port)"
      #expect(
        chat.stderr.hasSuffix(
          "chat: \(endpoint) did not answer TLS: the connection was made, but no TLS handshake"
            + " came back (a plaintext port? try irc://\(endpoint))\n"), "\(chat.stderr)")
      #expect(!chat.stderr.contains("timed out"), "\(chat.stderr)")
    }
  }
}
