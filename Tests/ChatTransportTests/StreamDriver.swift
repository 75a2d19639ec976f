import ChatTransport
import Glibc

/// The test's own small event loop: one `poll(2)` over a stream, bounded in time.
enum StreamDriver {
  /// Waits (at most until `deadline`) for what `interest` names on `descriptor`.
  static func wait(on descriptor: Int32, for interest: Interest, until deadline: Deadline) {
    guard descriptor >= 0, interest != .none else { return }
    var watch = pollfd(fd: descriptor, events: interest.pollEvents, revents: 0)
    _ = poll(&watch, 1, deadline.remainingMilliseconds)
  }

  /// Drives connecting and the handshake until they settle or the deadline passes.
  static func establish(_ stream: some ByteStream, within seconds: Double = 10) -> ConnectProgress {
    let deadline = Deadline(seconds: seconds)
    while true {
      let progress = stream.advance()
      guard progress == .waiting, !deadline.hasPassed else { return progress }
      wait(on: stream.descriptor, for: stream.interest, until: deadline)
    }
  }

  /// Sends `bytes` and reads until `enough` says so, the stream ends, or the deadline passes;
  /// returns what was read and how the reading ended.
  static func exchange(
    _ stream: some ByteStream, sending bytes: [UInt8] = [], within seconds: Double = 10,
    until enough: ([UInt8]) -> Bool
  ) -> (received: [UInt8], end: ReadResult?) {
    let deadline = Deadline(seconds: seconds)
    var queue = OutgoingBytes()
    queue.append(bytes)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !deadline.hasPassed {
      if case .failed(let error) = queue.flush(to: stream) { return (received, .failed(error)) }
      reading: while true {
        let result = buffer.withUnsafeMutableBytes { stream.read(into: $0) }
        switch result {
        case .bytes(let count): received += buffer[..<count]
        case .wouldBlock: break reading
        case .closed, .failed: return (received, result)
        }
      }
      if enough(received) && queue.isEmpty { return (received, nil) }
      wait(on: stream.descriptor, for: queue.interest(of: stream), until: deadline)
    }
    return (received, nil)
  }
}
