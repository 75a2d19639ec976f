/// Bytes waiting to go out on a stream, kept until the peer takes them.
///
/// Appending never blocks and never drops: a 1 MiB message to a slow reader waits here while
/// the loop goes on, and `interest(of:)` asks for write readiness exactly while bytes wait.
/// Flushing is amortised O(bytes): sent bytes are dropped from the front in large steps.
public struct OutgoingBytes: Sendable {
  private var storage: [UInt8] = []
  private var start = 0

  /// An empty queue.
  public init() {}

  /// How many bytes wait.
  public var count: Int { storage.count - start }
  /// Whether nothing waits.
  public var isEmpty: Bool { start == storage.count }

  /// Queues `bytes` after what already waits.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    storage.append(contentsOf: bytes)
  }

  /// What to watch on `stream`: its own needs, plus write readiness while bytes wait here.
  public func interest(of stream: some ByteStream) -> Interest {
    stream.interest(wantingToWrite: !isEmpty)
  }

  /// Writes what `stream` takes now, in at most `maximumWrites` writes (the frame budget);
  /// with nothing queued it lets the stream push out its own waiting bytes.
  public mutating func flush(to stream: some ByteStream, maximumWrites: Int = 64) -> FlushResult {
    for _ in 0..<max(1, maximumWrites) {
      let result = storage.withUnsafeBytes {
        stream.write(UnsafeRawBufferPointer(rebasing: $0[start...]))
      }
      switch result {
      case .wrote(let written):
        start += written
        compact()
        if isEmpty { return .drained }
        if written == 0 { return .pending }
      case .wouldBlock: return isEmpty ? .drained : .pending
      case .failed(let error): return .failed(error)
      }
    }
    return .pending
  }

  /// Drops sent bytes once they are most of the storage, so each byte moves O(1) times.
  private mutating func compact() {
    if isEmpty {
      storage.removeAll(keepingCapacity: storage.count <= 1 << 20)
      start = 0
    } else if start >= 64 * 1024 && start * 2 >= storage.count {
      storage.removeSubrange(..<start)
      start = 0
    }
  }
}

/// The outcome of flushing an `OutgoingBytes` queue.
public enum FlushResult: Equatable, Sendable {
  /// Nothing waits in the queue any more.
  case drained
  /// Bytes still wait: watch `interest(of:)` and flush on write readiness.
  case pending
  /// The connection broke; the queue keeps its bytes for the caller to report.
  case failed(TransportError)
}
