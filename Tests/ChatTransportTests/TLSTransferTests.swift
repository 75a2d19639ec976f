import ChatTransport
import Glibc
import Testing

@Suite(.timeLimit(.minutes(3)), needsOpenSSL)
struct TLSTransferTests {
  let certificates: TestCertificates

  init() throws {
    certificates = try TestCertificates()
  }

  /// A mebibyte of lines to `openssl s_server -rev` while the test reads the replies 4 KiB a
  /// round: the server stops reading when its replies back up, so the TLS writes meet a full
  /// socket and must wait without blocking (one thread: blocking would deadlock).
  @Test func oneMebibyteOfLinesComesBackReversedThroughASlowReader() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    let (connection, progress) = try server.connect(TLSConfiguration(caFile: certificates.caFile))
    #expect(progress == .established)

    let lines = (0..<1024).map { index in
      Array(String(repeating: "line \(index) and more ", count: 80).utf8.prefix(1023))
    }
    var queue = OutgoingBytes()
    for line in lines { queue.append(line + [UInt8(ascii: "\n")]) }
    let total = queue.count
    #expect(total == 1 << 20)

    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var sawPending = false
    let deadline = Deadline(seconds: 120)
    var rounds = 0
    while received.count < total && !deadline.hasPassed && rounds < 200_000 {
      rounds += 1
      switch queue.flush(to: connection, maximumWrites: 4) {
      case .pending: sawPending = true
      case .drained: break
      case .failed(let error):
        Issue.record("flush failed: \(error)")
        return
      }
      StreamDriver.wait(
        on: connection.descriptor, for: queue.interest(of: connection),
        until: Deadline(seconds: 0.1))
      // The slow reader: one 4 KiB read a round.
      switch buffer.withUnsafeMutableBytes({ connection.read(into: $0) }) {
      case .bytes(let count): received += buffer[..<count]
      case .wouldBlock: break
      case let end:
        Issue.record("reading ended: \(end)")
        return
      }
    }
    #expect(sawPending)
    #expect(received.count == total)
    let replies = received.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    #expect(replies.count == lines.count + 1)
    for (reply, line) in zip(replies, lines) where Array(reply) != line.reversed() {
      Issue.record("a reply differs from its reversed line")
      break
    }
  }

  /// Twenty handshakes to 127.0.0.1 in a row; the median is printed for the README.
  @Test func twentyHandshakesInARowSucceed() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    let context = try TLSContext(TLSConfiguration(caFile: certificates.caFile))
    var durations: [Duration] = []
    for _ in 0..<20 {
      let start = ContinuousClock.now
      let connection = try TLSConnection(
        over: try TCPConnection(host: "127.0.0.1", port: server.port), context: context)
      #expect(StreamDriver.establish(connection) == .established)
      durations.append(ContinuousClock.now - start)
      // `-rev` serves one client at a time: say goodbye so it takes the next.
      _ = StreamDriver.exchange(connection, sending: Array("CLOSE\n".utf8)) { _ in false }
      connection.close()
    }
    let median = durations.sorted()[durations.count / 2]
    print("TLS handshake to 127.0.0.1 (connect included), median of 20: \(median)")
  }
}
