import Dispatch
import Glibc
import Synchronization

/// Runs a body on a thread of its own: the test's other end of a socket, or a typist, which
/// must not share the loop's thread. Every body is bounded by a deadline.
final class PeerThread: Sendable {
  private let done = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () -> Void) {
    let done = done
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let box = Unmanaged.passRetained(
      Body(run: {
        body()
        done.signal()
      }))
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { raw in
        let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
        body.run()
        return nil
      }, box.toOpaque())
    precondition(started == 0, "cannot start a thread")
    pthread_attr_destroy(&attributes)
  }

  /// Waits for the body to end; false if it has not within `seconds`.
  func join(within seconds: Double) -> Bool {
    guard done.wait(timeout: .now() + seconds) == .success else { return false }
    done.signal()  // Ended for good: the next join returns at once too.
    return true
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(run: @escaping @Sendable () -> Void) { self.run = run }
  }
}

/// What the other end has seen, shared with the test's thread.
final class PeerProgress: Sendable {
  /// Bytes read from the session so far.
  let bytesRead = Atomic<Int>(0)
}

/// A connected pair of stream sockets: the session's end and the test's.
func socketPair() -> (session: Int32, peer: Int32) {
  var ends: [Int32] = [-1, -1]
  precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
  return (ends[0], ends[1])
}

/// The test's end of the socket: blocking, read a line at a time, every wait bounded.
struct PeerEnd {
  let socket: Int32
  var progress: PeerProgress?
  private var buffer: [UInt8] = []

  init(socket: Int32, progress: PeerProgress? = nil) {
    self.socket = socket
    self.progress = progress
  }

  /// The next line, reading at most `chunk` bytes at a time with `pause` microseconds
  /// between reads (a slow reader); nil at the end of the stream or after `seconds`.
  mutating func readLine(chunk: Int = 64 * 1024, pause: UInt32 = 0, within seconds: Double = 30)
    -> String?
  {
    let deadline = monotonicSeconds() + seconds
    var bytes = [UInt8](repeating: 0, count: chunk)
    while monotonicSeconds() < deadline {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 100) > 0 else { continue }
      let count = read(socket, &bytes, chunk)
      guard count > 0 else { return nil }
      buffer += bytes[..<count]
      progress?.bytesRead.add(count, ordering: .relaxed)
      if pause > 0 { usleep(pause) }
    }
    return nil
  }

  /// Writes all of `text`.
  func write(_ text: String) {
    writeAll(socket, text)
  }
}

/// Writes all of `text` to `descriptor`, as a blocking writer does.
func writeAll(_ descriptor: Int32, _ text: String) {
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let count = bytes.withUnsafeBytes {
      Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
    }
    if count < 0, errno == ENOTSOCK {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      guard written > 0 else { return }
      offset += written
      continue
    }
    guard count > 0 else { return }
    offset += count
  }
}

func monotonicSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
