import ChatTransport
import Glibc
import Testing

@Suite(.timeLimit(.minutes(10)), needsOpenSSL)
struct TLSConnectionTests {
  let certificates: TestCertificates

  init() throws {
    certificates = try TestCertificates()
  }

  @Test func withTheCAItConnectsAndBytesFlowBothWays() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    let (connection, progress) = try server.connect(TLSConfiguration(caFile: certificates.caFile))
    #expect(progress == .established)
    let info = try #require(connection.sessionInfo)
    #expect(info.isVerified)
    #expect(info.protocolVersion == "TLSv1.3")
    #expect(!info.cipher.isEmpty)
    #expect(info.peerFingerprint == (try certificates.fingerprint(of: "good")))
    #expect(info.peerFingerprint.count == 64)
    let (received, end) = StreamDriver.exchange(
      connection, sending: Array("hello over tls\n".utf8)
    ) { $0.contains(UInt8(ascii: "\n")) }
    #expect(end == nil)
    #expect(String(decoding: received, as: UTF8.self) == "slt revo olleh\n")
  }

  @Test func aNameIsCheckedAndSentAsSNI() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    let (_, progress) = try server.connect(
      as: "localhost", TLSConfiguration(caFile: certificates.caFile))
    #expect(progress == .established)
  }

  @Test(arguments: [
    ("other", "127.0.0.1", CertificateProblem.wrongName),
    ("other", "localhost", .wrongName),
    ("expired", "127.0.0.1", .expired),
    ("future", "127.0.0.1", .notYetValid),
    ("self", "127.0.0.1", .selfSigned),
  ])
  func aBadCertificateIsRefusedWithItsReason(
    name: String, host: String, problem: CertificateProblem
  ) throws {
    let files = certificates.server(name)
    let server = try TLSServer(certificate: files.certificate, key: files.key, options: ["-rev"])
    defer { server.stop() }
    let (connection, progress) = try server.connect(
      as: host, TLSConfiguration(caFile: certificates.caFile))
    let endpoint = Endpoint(host: host, port: server.port)
    #expect(progress == .failed(.certificateRejected(endpoint, problem)))
    #expect(connection.descriptor == -1)
    #expect(connection.interest == .none)
    guard case .failed(let error) = progress else { return }
    #expect(error.description == "TLS certificate of \(host):\(server.port) refused: \(problem)")
  }

  @Test func withoutTheCATheIssuerIsUntrusted() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    // The system's trust store (Debian's ca-certificates) does not know the test's CA.
    let (_, progress) = try server.connect(TLSConfiguration())
    let endpoint = Endpoint(host: "127.0.0.1", port: server.port)
    #expect(progress == .failed(.certificateRejected(endpoint, .untrustedIssuer)))
  }

  @Test func insecureConnectsToASelfSignedServerAndSaysSo() throws {
    let files = certificates.server("self")
    let server = try TLSServer(certificate: files.certificate, key: files.key, options: ["-rev"])
    defer { server.stop() }
    let (connection, progress) = try server.connect(
      as: "localhost", TLSConfiguration(insecure: true))
    #expect(progress == .established)
    let info = try #require(connection.sessionInfo)
    #expect(!info.isVerified)
    #expect(info.description.hasSuffix(", not verified"))
    let (received, _) = StreamDriver.exchange(connection, sending: Array("abc\n".utf8)) {
      $0.contains(UInt8(ascii: "\n"))
    }
    #expect(received == Array("cba\n".utf8))
  }

  @Test func aClientCertificateIsPresented() throws {
    let good = certificates.server("good")
    let server = try TLSServer(
      certificate: good.certificate, key: good.key,
      options: ["-rev", "-Verify", "1", "-CAfile", certificates.caFile])
    defer { server.stop() }
    let configuration = TLSConfiguration(
      caFile: certificates.caFile, certificateFile: certificates.clientBundle)
    let (connection, progress) = try server.connect(configuration)
    #expect(progress == .established)
    // TLS 1.3 checks the client's certificate after the client's side of the handshake: a
    // reply proves the server accepted it.
    let (received, end) = StreamDriver.exchange(connection, sending: Array("id\n".utf8)) {
      $0.contains(UInt8(ascii: "\n"))
    }
    #expect(end == nil)
    #expect(received == Array("di\n".utf8))
    #expect(
      server.process.waitForOutput(containing: "CN = chat-client", within: Deadline(seconds: 5)))
  }

  @Test func aServerThatOnlySpeaksTLS11IsRefused() throws {
    let good = certificates.server("good")
    // OpenSSL 3 allows TLS 1.1 only at security level 0.
    let server = try TLSServer(
      certificate: good.certificate, key: good.key,
      options: ["-rev", "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"])
    defer { server.stop() }
    let (_, progress) = try server.connect(TLSConfiguration(caFile: certificates.caFile))
    #expect(progress == .failed(.protocolTooOld(Endpoint(host: "127.0.0.1", port: server.port))))
  }

  /// A pinned fingerprint accepts that certificate whatever its issuer, names or dates (a
  /// self-signed one, an expired one), and refuses any other, naming both fingerprints.
  @Test(arguments: [("self", "localhost"), ("expired", "127.0.0.1"), ("other", "127.0.0.1")])
  func aPinnedCertificateIsAcceptedWhateverItsIssuerOrDates(name: String, host: String) throws {
    let files = certificates.server(name)
    let server = try TLSServer(certificate: files.certificate, key: files.key, options: ["-rev"])
    defer { server.stop() }
    let pin = try certificates.fingerprint(of: name)
    let (connection, progress) = try server.connect(
      as: host, TLSConfiguration(pinnedFingerprint: pin))
    #expect(progress == .established)
    #expect(connection.sessionInfo?.isVerified == true)
    #expect(connection.sessionInfo?.peerFingerprint == pin)
    let (received, _) = StreamDriver.exchange(connection, sending: Array("pin\n".utf8)) {
      $0.contains(UInt8(ascii: "\n"))
    }
    #expect(received == Array("nip\n".utf8))
  }

  @Test func anotherCertificateThanThePinnedOneIsRefusedNamingBoth() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    let pinned = try certificates.fingerprint(of: "self")
    let presented = try certificates.fingerprint(of: "good")
    // Even with the CA that would have verified it: the pin decides alone.
    let (connection, progress) = try server.connect(
      TLSConfiguration(caFile: certificates.caFile, pinnedFingerprint: pinned))
    let endpoint = Endpoint(host: "127.0.0.1", port: server.port)
    #expect(
      progress
        == .failed(
          .certificateRejected(endpoint, .notPinned(expected: pinned, presented: presented))))
    #expect(connection.descriptor == -1)
    guard case .failed(let error) = progress else { return }
    let pairs = { (hex: String) in
      stride(from: 0, to: 64, by: 2).map {
        hex.uppercased().dropFirst($0).prefix(2)
      }.joined(separator: ":")
    }
    #expect(
      error.description
        == "TLS certificate of \(endpoint) refused: it is not the pinned certificate (SHA-256"
        + " fingerprint expected \(pairs(pinned)), presented \(pairs(presented)))")
  }

  /// A plaintext server that speaks first (a notice on connecting) is told at once: its
  /// first byte starts no TLS record.
  @Test func aServerAnsweringInPlaintextIsNotTLS() throws {
    let listener = try LoopbackListener()
    let context = try TLSContext(TLSConfiguration(caFile: certificates.caFile))
    let connection = try TLSConnection(
      over: try TCPConnection(host: "127.0.0.1", port: listener.port), context: context)
    let peer = try #require(listener.accept(within: Deadline(seconds: 5)))
    defer { close(peer) }
    let notice = Array(":irc.test NOTICE * :*** Looking up your hostname...\r\n".utf8)
    #expect(notice.withUnsafeBytes { send(peer, $0.baseAddress, $0.count, 0) } == notice.count)
    let endpoint = Endpoint(host: "127.0.0.1", port: listener.port)
    let progress = StreamDriver.establish(connection, within: 5)
    #expect(progress == .failed(.noTLSAnswer(endpoint, answeredInPlaintext: true)))
    guard case .failed(let error) = progress else { return }
    #expect(
      error.description
        == "\(endpoint) answered in plaintext, not TLS (a plaintext port? try irc://\(endpoint))")
  }

  /// A plain TCP listener never answers the client's hello: the handshake waits until the
  /// caller's deadline gives up on it, and then says the server did not answer TLS.
  @Test func aStalledHandshakeSaysTheServerDidNotAnswerTLSWhenAbandoned() throws {
    let listener = try LoopbackListener()
    let context = try TLSContext(TLSConfiguration(caFile: certificates.caFile))
    let connection = try TLSConnection(
      over: try TCPConnection(host: "127.0.0.1", port: listener.port), context: context)
    let peer = try #require(listener.accept(within: Deadline(seconds: 5)))
    defer { close(peer) }
    #expect(StreamDriver.establish(connection, within: 0.2) == .waiting)
    #expect(connection.interest == .readable)
    let endpoint = Endpoint(host: "127.0.0.1", port: listener.port)
    let silent = TransportError.noTLSAnswer(endpoint, answeredInPlaintext: false)
    #expect(connection.stalledConnectError == silent)
    #expect(connection.abandonAttempt() == .failed(silent))
    #expect(connection.descriptor == -1)
    #expect(connection.advance() == .failed(silent))
    #expect(
      silent.description
        == "\(endpoint) did not answer TLS: the connection was made, but no TLS handshake came"
        + " back (a plaintext port? try irc://\(endpoint))")
  }

  @Test func theServerClosingIsClosed() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    let (connection, progress) = try server.connect(TLSConfiguration(caFile: certificates.caFile))
    #expect(progress == .established)
    // `-rev` ends the connection when a line says CLOSE.
    let (_, end) = StreamDriver.exchange(connection, sending: Array("CLOSE\n".utf8)) { _ in false }
    #expect(end == .closed)
  }
}
