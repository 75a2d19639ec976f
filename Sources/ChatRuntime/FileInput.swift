import ChatCore
import ChatRendering
import Glibc

/// Lines read from a file descriptor that is not a terminal: a pipe, a file, /dev/null.
///
/// Each step is one line, so the loop decides the pacing: as they arrive on a live clock, one
/// exchange at a time on the virtual clock. A final line without a newline comes with the
/// end. Any signal from the loop's signal pipe stops the run.
public final class FileInput: Input {
  private let fileDescriptor: Int32
  private var reader = LineReader()
  private var reachedEnd = false
  private var reportedEnd = false
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
  /// The step looked at and not yet taken.
  private var next: [InputEvent] = []

  /// Reads `descriptor` (which it does not close).
  public init(descriptor: Int32) {
    fileDescriptor = descriptor
  }

  public var descriptor: Int32? { reachedEnd ? nil : fileDescriptor }

  public var nextDeadline: Timestamp? { nil }

  public var isInteractive: Bool { false }

  /// Reads one chunk. End of file and errors other than an interruption end the input.
  public func readAvailable() {
    guard !reachedEnd else { return }
    let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      chunk.withUnsafeBytes { reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      reachedEnd = true
    }
  }

  public func handle(
    signal: Int32, at now: Timestamp, in state: AppState
  ) throws(SinkError) -> InputEvent? {
    .terminated(signal: signal)
  }

  public func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    if next.isEmpty {
      if let line = reader.nextLine() {
        next = [.line(line)]
      } else if reachedEnd, !reportedEnd {
        reportedEnd = true
        next = reader.finish().map { [.line($0), .ended] } ?? [.ended]
      }
    }
    return next
  }

  public func takeNextEvents(at now: Timestamp) throws(SinkError) {
    next.removeAll(keepingCapacity: true)
  }
}
