import Glibc

/// Reads a child's output as it comes, chunk by chunk, until a condition holds or time is up.
enum OutputReader {
  /// Reads `descriptor` and hands each chunk to `chunk` until it returns true (then true), or
  /// the output ends or `deadline` (on `Stopwatch.now()`) passes (then false).
  static func read(
    _ descriptor: Int32, until deadline: Double, _ chunk: (UnsafeRawBufferPointer) -> Bool
  ) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let remaining = deadline - Stopwatch.now()
      guard remaining > 0 else { return false }
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, Int32(remaining * 1000) + 1)
      if polled < 0 && errno == EINTR { continue }
      guard polled > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }  // End of output (EIO on a terminal).
      let done = buffer.withUnsafeBytes { chunk(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      if done { return true }
    }
  }

  /// Writes all of `bytes` to `descriptor`.
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written > 0 {
        offset += written
      } else if errno != EINTR {
        return
      }
    }
  }
}
