import ChatTransport
import Glibc
import Testing

@Suite(.timeLimit(.minutes(10)))
struct OutgoingBytesTests {
  @Test func anEmptyQueueWantsOnlyWhatTheStreamWants() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    #expect(StreamDriver.establish(connection) == .established)
    var queue = OutgoingBytes()
    #expect(queue.isEmpty)
    #expect(queue.interest(of: connection) == .readable)
    #expect(queue.flush(to: connection) == .drained)
    queue.append(Array("PING x\r\n".utf8))
    #expect(queue.count == 8)
    #expect(queue.interest(of: connection) == Interest(read: true, write: true))
    #expect(queue.flush(to: connection) == .drained)
    #expect(queue.isEmpty)
  }

  @Test func aQueueBeforeTheConnectFinishesWaits() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    var queue = OutgoingBytes()
    queue.append([1, 2, 3])
    if !connection.isEstablished {
      #expect(queue.flush(to: connection) == .pending)
      #expect(queue.interest(of: connection) == .writable)
    }
    #expect(StreamDriver.establish(connection) == .established)
    #expect(queue.flush(to: connection) == .drained)
  }
}
