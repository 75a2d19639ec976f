import ChatTransport
import Glibc
import Testing

@Suite(.timeLimit(.minutes(10)), needsOpenSSL)
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
    // Small kernel buffers on chat's side, so the encrypted records meet a full socket (the
    // receive buffer small too, but not so small that TCP's window updates crawl).
    var sendSize: Int32 = 16 * 1024
    var receiveSize: Int32 = 32 * 1024
    setsockopt(connection.descriptor, SOL_SOCKET, SO_SNDBUF, &sendSize, socklen_t(4))
    setsockopt(connection.descriptor, SOL_SOCKET, SO_RCVBUF, &receiveSize, socklen_t(4))

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
      if !connection.hasBufferedInput {
        StreamDriver.wait(
          on: connection.descriptor, for: queue.interest(of: connection),
          until: Deadline(seconds: 0.1))
      }
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

  /// Decrypted bytes a small read left behind are invisible to `poll(2)`: the stream says so.
  @Test func bytesLeftInsideTheStreamAreAnnounced() throws {
    let good = certificates.server("good")
    let server = try TLSServer(certificate: good.certificate, key: good.key, options: ["-rev"])
    defer { server.stop() }
    let (connection, progress) = try server.connect(TLSConfiguration(caFile: certificates.caFile))
    #expect(progress == .established)
    #expect(!connection.hasBufferedInput)
    var queue = OutgoingBytes()
    queue.append(Array(repeating: UInt8(ascii: "a"), count: 2999) + [UInt8(ascii: "\n")])
    var buffer = [UInt8](repeating: 0, count: 100)
    var first: ReadResult = .wouldBlock
    let deadline = Deadline(seconds: 10)
    while first == .wouldBlock && !deadline.hasPassed {
      _ = queue.flush(to: connection)
      StreamDriver.wait(
        on: connection.descriptor, for: queue.interest(of: connection), until: deadline)
      first = buffer.withUnsafeMutableBytes { connection.read(into: $0) }
    }
    #expect(first == .bytes(100))
    // The reply is one record: the socket is drained, the rest waits inside OpenSSL.
    var watch = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
    #expect(poll(&watch, 1, 0) == 0)
    #expect(connection.hasBufferedInput)
    var total = 100
    while connection.hasBufferedInput, total < 3000 {
      guard case .bytes(let count) = buffer.withUnsafeMutableBytes({ connection.read(into: $0) })
      else { break }
      total += count
    }
    #expect(total == 3000)
    #expect(!connection.hasBufferedInput)
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
