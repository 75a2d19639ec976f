/// A sink that keeps everything in memory: the test double of every `TextSink`, for tests and
/// snapshots (`@testable import ChatRendering`).
final class MemorySink: TextSink {
  /// Everything written so far.
  private(set) var bytes: [UInt8] = []

  /// Creates an empty sink.
  init() {}

  /// Everything written so far, as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  func write(_ bytes: [UInt8]) throws(SinkError) { self.bytes.append(contentsOf: bytes) }
  func flush() throws(SinkError) {}
}
