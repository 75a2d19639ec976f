import ChatTransport
import Glibc
import Testing

@Suite(.timeLimit(.minutes(10)))
struct TCPConnectionTests {
  @Test func connectsToALoopbackListenerWithoutBlocking() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    #expect(fcntl(connection.descriptor, F_GETFL) & O_NONBLOCK != 0)
    #expect(StreamDriver.establish(connection) == .established)
    #expect(connection.isEstablished)
    #expect(connection.interest == .readable)
    let peer = try #require(listener.accept(within: Deadline(seconds: 5)))
    close(peer)
  }

  @Test func connectsOverIPv6Loopback() throws {
    guard let listener = try? LoopbackListener(ipv6: true) else { return }  // no IPv6 here
    let connection = try TCPConnection(host: "::1", port: listener.port)
    #expect(StreamDriver.establish(connection) == .established)
    #expect(connection.endpoint.description == "[::1]:\(listener.port)")
  }

  @Test func aClosedPortIsRefusedNamingHostAndPort() throws {
    let port = try LoopbackListener.closedPort()
    var progress: ConnectProgress
    do {
      let connection = try TCPConnection(host: "127.0.0.1", port: port)
      progress = StreamDriver.establish(connection)
      #expect(connection.descriptor == -1)
    } catch {
      progress = .failed(error)
    }
    let endpoint = Endpoint(host: "127.0.0.1", port: port)
    #expect(progress == .failed(.refused(endpoint)))
    guard case .failed(let error) = progress else { return }
    #expect(error.description == "connection to 127.0.0.1:\(port) refused")
  }

  @Test func anAbandonedAttemptWithNoOtherAddressTimesOut() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    let endpoint = Endpoint(host: "127.0.0.1", port: listener.port)
    #expect(connection.abandonAttempt() == .failed(.timedOut(endpoint)))
    #expect(connection.descriptor == -1)
    #expect(connection.advance() == .failed(.timedOut(endpoint)))
  }

  @Test func bytesFlowBothWays() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    #expect(StreamDriver.establish(connection) == .established)
    let peer = try #require(listener.accept(within: Deadline(seconds: 5)))
    defer { close(peer) }
    #expect(write(peer, "from the server\n", 16) == 16)
    let (received, end) = StreamDriver.exchange(
      connection, sending: Array("from chat\n".utf8)
    ) { $0.count >= 16 }
    #expect(end == nil)
    #expect(String(decoding: received, as: UTF8.self) == "from the server\n")
    var buffer = [UInt8](repeating: 0, count: 64)
    var watch = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
    _ = poll(&watch, 1, 5000)
    let count = read(peer, &buffer, buffer.count)
    #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "from chat\n")
  }

  @Test func thePeerClosingIsClosedNotAFailure() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    #expect(StreamDriver.establish(connection) == .established)
    let peer = try #require(listener.accept(within: Deadline(seconds: 5)))
    #expect(write(peer, "bye", 3) == 3)
    close(peer)
    let (received, end) = StreamDriver.exchange(connection) { _ in false }
    #expect(received == Array("bye".utf8))
    #expect(end == .closed)
  }

  @Test func writingToAResetPeerIsAnErrorNotASignal() throws {
    let listener = try LoopbackListener()
    let connection = try TCPConnection(host: "127.0.0.1", port: listener.port)
    #expect(StreamDriver.establish(connection) == .established)
    let peer = try #require(listener.accept(within: Deadline(seconds: 5)))
    // Linger 0: closing sends a reset, so the next writes fail with EPIPE or ECONNRESET.
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    setsockopt(peer, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    close(peer)
    var queue = OutgoingBytes()
    var outcome = FlushResult.pending
    let deadline = Deadline(seconds: 5)
    while !deadline.hasPassed {
      queue.append(Array(repeating: UInt8(ascii: "x"), count: 1024))
      outcome = queue.flush(to: connection)
      if case .failed = outcome { break }
      StreamDriver.wait(on: connection.descriptor, for: .readable, until: Deadline(seconds: 0.01))
    }
    guard case .failed(let error) = outcome else {
      Issue.record("writes to a reset peer kept succeeding: \(outcome)")
      return
    }
    #expect(error.description.hasPrefix("connection to 127.0.0.1:\(listener.port) lost: "))
  }
}

@Suite(.timeLimit(.minutes(10)))
struct PendingConnectTests {
  /// A listener whose accept queue is full drops new SYNs, so a connect stays in flight.
  @Test func aConnectStillInFlightIsWaitingAndCanBeAbandoned() throws {
    let listener = try LoopbackListener(backlog: 0)
    // Connected but never accepted; they close when the test ends.
    var fillers: [TCPConnection] = []
    var connection: TCPConnection?
    for _ in 0..<8 {
      let candidate = try TCPConnection(host: "127.0.0.1", port: listener.port)
      if candidate.advance() == .waiting {
        connection = candidate
        break
      }
      fillers.append(candidate)
    }
    let pending = try #require(connection, "the accept queue never filled")
    #expect(!pending.isEstablished)
    #expect(pending.interest == .writable)
    let endpoint = Endpoint(host: "127.0.0.1", port: listener.port)
    #expect(pending.abandonAttempt() == .failed(.timedOut(endpoint)))
    #expect(pending.interest == .none)
    #expect(fillers.allSatisfy { $0.isEstablished })
  }
}
