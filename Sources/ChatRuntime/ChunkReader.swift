import Glibc

/// Reads a descriptor a chunk at a time into a `LineReader`: the one read path shared by the
/// plain-text and the JSON-lines inputs.
struct ChunkReader {
  let descriptor: Int32
  /// Whether the descriptor reached its end (or failed with anything but an interruption).
  private(set) var reachedEnd = false
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Reads one chunk into `reader`. End of file and errors other than an interruption end it.
  mutating func read(into reader: inout LineReader) {
    guard !reachedEnd else { return }
    let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      chunk.withUnsafeBytes { reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      reachedEnd = true
    }
  }
}
