import ChatRendering
import Glibc

/// Writes to a file descriptor (standard output, a pipe, a transcript file) through a buffer.
///
/// Bytes are handed to the kernel when the buffer passes 64 KiB and on every `flush`, which
/// the runtime calls before it waits for anything: a reader at the other end of a pipe sees
/// each line before chat goes idle, without a system call per line in a burst. A transcript
/// file writes through instead: every render reaches the file at once, so a `kill -9` leaves
/// every completed line in it.
public final class FileSink: TextSink {
  private let descriptor: Int32
  private let output: String
  private let closesDescriptor: Bool
  private let writesThrough: Bool
  // Unchecked: the loop that owns the sink is its only user, and no access to `buffer`
  // calls back into the sink.
  @exclusivity(unchecked) private var buffer: [UInt8] = []
  private static let flushThreshold = 64 * 1024

  /// Creates a sink on `descriptor`; it is closed on deinit when `closesDescriptor` is true,
  /// and every write goes straight to the kernel when `writesThrough` is true. `output` names
  /// the destination in error messages (by default `standard output` or `standard error`).
  public init(
    descriptor: Int32, closesDescriptor: Bool = false, writesThrough: Bool = false,
    output: String? = nil
  ) {
    self.descriptor = descriptor
    self.output = output ?? Self.name(of: descriptor)
    self.closesDescriptor = closesDescriptor
    self.writesThrough = writesThrough
    buffer.reserveCapacity(Self.flushThreshold * 2)
  }

  /// Opens the file at `path` for writing, emptying it if it exists (`chat verify --record`
  /// rewriting a snapshot) and creating it readable and writable by its owner only (0600)
  /// if not; by default every write goes straight to the file. Transcripts never take this:
  /// they append (`appending(path:)`), and a recording is always a new file
  /// (`creatingNew(path:)`).
  public static func create(path: String, writesThrough: Bool = true) throws(SinkError) -> FileSink
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotCreate(path: path, errno: errno) }
    return FileSink(
      descriptor: descriptor, closesDescriptor: true, writesThrough: writesThrough,
      output: "'\(path)'")
  }

  deinit {
    try? flush()
    if closesDescriptor { close(descriptor) }
  }

  public func write(_ bytes: [UInt8]) throws(SinkError) {
    buffer.append(contentsOf: bytes)
    if writesThrough || buffer.count >= Self.flushThreshold { try flush() }
  }

  public func write(appendingWith body: (inout [UInt8]) -> Void) throws(SinkError) {
    let before = buffer.count
    body(&buffer)
    guard buffer.count > before else { return }
    if writesThrough || buffer.count >= Self.flushThreshold { try flush() }
  }

  public func flush() throws(SinkError) {
    var offset = 0
    defer { buffer.removeAll(keepingCapacity: true) }
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { raw in
        Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw errno == EPIPE ? .closed(output: output) : .failed(output: output, errno: errno)
      }
      offset += written
    }
  }

  private static func name(of descriptor: Int32) -> String {
    switch descriptor {
    case 1: "standard output"
    case 2: "standard error"
    default: "file descriptor \(descriptor)"
    }
  }
}
