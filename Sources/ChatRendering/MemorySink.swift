/// A sink that keeps everything in memory: for tests, and for snapshots (`chat verify`).
public final class MemorySink: TextSink {
  /// Everything written so far.
  public private(set) var bytes: [UInt8] = []

  /// Creates an empty sink.
  public init() {}

  /// Everything written so far, as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  public func write(_ bytes: [UInt8]) throws(SinkError) { self.bytes.append(contentsOf: bytes) }
  public func flush() throws(SinkError) {}
}
