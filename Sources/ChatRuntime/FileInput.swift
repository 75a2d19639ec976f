import ChatCore
import ChatRendering
import Glibc

/// Lines read from a file descriptor that is not a terminal: a pipe, a file, /dev/null.
///
/// Each step is one line, so the loop decides the pacing: as they arrive on a live clock, one
/// exchange at a time on the virtual clock. A final line without a newline comes with the
/// end. Any signal from the loop's signal pipe stops the run.
public final class FileInput: Input {
  // All mutable state in one struct: the loop looks at the next step several times per
  // message, and a class pays a dynamic exclusivity check per stored property it touches.
  // Unchecked: the loop that owns the input is its only user, and no access to `lines` calls
  // back into the input.
  @exclusivity(unchecked) private var lines: Lines

  /// Reads `descriptor` (which it does not close).
  public init(descriptor: Int32) {
    lines = Lines(descriptor: descriptor)
  }

  public var descriptor: Int32? { lines.reachedEnd ? nil : lines.descriptor }

  public var nextDeadline: Timestamp? { nil }

  public var isInteractive: Bool { false }

  /// Reads one chunk. End of file and errors other than an interruption end the input.
  public func readAvailable() { lines.read() }

  public func handle(
    signal: Int32, at now: Timestamp, in state: AppState
  ) throws(SinkError) -> InputEvent? {
    .terminated(signal: signal)
  }

  public func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    lines.nextStep()
  }

  public func takeNextEvents(at now: Timestamp) throws(SinkError) {
    lines.next.take()
  }
}

/// The bytes read so far, split into steps.
private struct Lines {
  var source: ChunkReader
  var reader = LineReader()
  var reportedEnd = false
  /// The step looked at and not yet taken.
  var next = PendingStep()

  init(descriptor: Int32) {
    source = ChunkReader(descriptor: descriptor)
  }

  var descriptor: Int32 { source.descriptor }
  var reachedEnd: Bool { source.reachedEnd }

  mutating func read() { source.read(into: &reader) }

  mutating func nextStep() -> [InputEvent] {
    next.leaveTaken()
    if next.events.isEmpty {
      if let line = reader.nextLine() {
        next.append(.line(line))
      } else if reachedEnd, !reportedEnd {
        reportedEnd = true
        if let last = reader.finish() { next.append(.line(last)) }
        next.append(.ended)
      }
    }
    return next.events
  }
}
