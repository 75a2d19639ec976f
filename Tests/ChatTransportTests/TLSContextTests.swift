import ChatTransport
import FoundationEssentials
import Glibc
import Testing

@Suite(.timeLimit(.minutes(10)), needsOpenSSL)
struct TLSContextTests {
  let certificates: TestCertificates

  init() throws {
    certificates = try TestCertificates()
  }

  @Test func aMissingCAFileIsNamedWithTheReason() {
    let path = certificates.path("missing.pem")
    #expect(throws: TransportError.unusableCAFile(path: path, reason: "No such file or directory"))
    {
      try TLSContext(TLSConfiguration(caFile: path))
    }
  }

  @Test func aCAFileWithoutCertificatesIsRefused() throws {
    let path = certificates.path("ca.cnf")
    #expect {
      try TLSContext(TLSConfiguration(caFile: path))
    } throws: { error in
      guard case .unusableCAFile(path, _) = error as? TransportError else { return false }
      return true
    }
  }

  @Test func aCertificateFileWithoutItsKeyIsRefused() throws {
    let path = certificates.path("client.pem")
    #expect {
      try TLSContext(TLSConfiguration(certificateFile: path))
    } throws: { error in
      "\(error)"
        == "cannot use the client certificate file \(path): no unencrypted private key in it"
    }
  }

  /// An encrypted key is refused, and the message holds no byte of the key file nor the pass
  /// phrase. (That no prompt appears is not shown here: without a terminal OpenSSL's prompt
  /// fails the same way.)
  @Test func anEncryptedKeyIsRefusedWithoutItsBytesInTheMessage() throws {
    let passphrase = certificates.path("passphrase")
    try "throwaway pass phrase\n".write(toFile: passphrase, atomically: false, encoding: .utf8)
    let encrypted = certificates.path("encrypted.key")
    // The pass phrase from a file, never on the command line.
    try OpenSSLTool.run([
      "pkey", "-in", certificates.path("client.key"), "-out", encrypted, "-aes256",
      "-passout", "file:" + passphrase,
    ])
    let bundle =
      try String(contentsOfFile: certificates.path("client.pem"), encoding: .utf8)
      + String(contentsOfFile: encrypted, encoding: .utf8)
    let path = certificates.path("encrypted-bundle.pem")
    try bundle.write(toFile: path, atomically: false, encoding: .utf8)

    var message = ""
    do {
      _ = try TLSContext(TLSConfiguration(certificateFile: path))
      Issue.record("an encrypted key was accepted")
    } catch {
      message = error.description
    }
    #expect(
      message == "cannot use the client certificate file \(path): no unencrypted private key in it")
    #expect(!message.contains("throwaway"))
    let keyLines = try String(contentsOfFile: encrypted, encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix("-----") }
    #expect(!keyLines.isEmpty)
    for line in keyLines where message.contains(line.prefix(16)) {
      Issue.record("the message holds key bytes")
    }
  }

  @Test func theConfigurationIsKept() throws {
    let configuration = TLSConfiguration(
      caFile: certificates.caFile, certificateFile: certificates.clientBundle)
    #expect(try TLSContext(configuration).configuration == configuration)
    #expect(!TLSConfiguration().insecure)
  }
}
