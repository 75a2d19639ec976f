import ChatTransport
import Glibc
import Testing

/// A mebibyte to a peer that reads 4 KiB at a time, on one thread: a blocking write would
/// deadlock here (the reader never runs), so finishing at all proves nothing blocks.
@Suite(.timeLimit(.minutes(10)))
struct SlowReaderTests {
  @Test func oneMebibyteReachesASlowReaderWholeAndInOrder() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    #expect(StreamDriver.establish(connection) == .established)
    let peer = try #require(listener.accept(within: Deadline(seconds: 5)))
    defer { close(peer) }
    // Small kernel buffers, so the queue must hold most of the mebibyte.
    var size: Int32 = 16 * 1024
    setsockopt(peer, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    setsockopt(connection.descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(4))

    let message = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
    var queue = OutgoingBytes()
    queue.append(message)
    #expect(queue.interest(of: connection) == Interest(read: true, write: true))

    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var sawPending = false
    var rounds = 0
    let deadline = Deadline(seconds: 60)
    while received.count < message.count && !deadline.hasPassed && rounds < 100_000 {
      rounds += 1
      switch queue.flush(to: connection) {
      case .pending: sawPending = true
      case .drained: break
      case .failed(let error): Issue.record("flush failed: \(error)")
      }
      // The slow reader: at most 4 KiB per round.
      var watch = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
      _ = poll(&watch, 1, 100)
      let count = read(peer, &buffer, buffer.count)
      if count > 0 { received += buffer[..<count] }
    }
    #expect(sawPending, "the kernel never pushed back, so the queue was not exercised")
    #expect(queue.isEmpty)
    #expect(queue.interest(of: connection) == .readable)
    #expect(received.count == message.count)
    #expect(received == message)
  }
}
