import ChatCore
import ChatRendering
import Glibc

/// Requests read from a file descriptor, one JSON object per line (`--input jsonl`): how a
/// program drives chat without typing slash commands.
///
/// Each line is one step, as for `FileInput`. A line that cannot be read (not JSON, not an
/// object, an unknown type, a missing or ill-typed field, invalid UTF-8, longer than
/// `maximumLineLength`) becomes a notice naming its line number, and the lines after it are
/// read as usual. Blank lines are skipped. Any signal from the loop's signal pipe stops the
/// run.
public final class JSONLinesInput: Input {
  /// The longest line read: 1 MiB. A longer one is skipped whole, with a notice.
  public static let maximumLineLength = 1024 * 1024

  private var lines: RequestLines

  /// Reads `descriptor` (which it does not close).
  public init(descriptor: Int32, maximumLineLength: Int = JSONLinesInput.maximumLineLength) {
    lines = RequestLines(descriptor: descriptor, maximumLineLength: maximumLineLength)
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

/// The bytes read so far, read as requests.
private struct RequestLines {
  var source: ChunkReader
  let maximumLineLength: Int
  var reader: LineReader
  var reportedEnd = false
  /// The number of the last line taken from the reader (from 1).
  var lineNumber = 0
  /// Whether the reader's next piece carries on a line too long, already reported.
  var skipsRestOfLine = false
  /// The step looked at and not yet taken.
  var next = PendingStep()

  init(descriptor: Int32, maximumLineLength: Int) {
    source = ChunkReader(descriptor: descriptor)
    self.maximumLineLength = maximumLineLength
    reader = LineReader(maximumLineLength: maximumLineLength)
  }

  var descriptor: Int32 { source.descriptor }
  var reachedEnd: Bool { source.reachedEnd }

  mutating func read() { source.read(into: &reader) }

  mutating func nextStep() -> [InputEvent] {
    next.leaveTaken()
    while next.events.isEmpty {
      if let (bytes, isCut) = reader.nextLineBytes() {
        if let event = event(for: bytes, isCut: isCut) { next.append(event) }
      } else if reachedEnd, !reportedEnd {
        reportedEnd = true
        if let last = reader.finishBytes(), let event = event(for: last, isCut: false) {
          next.append(event)
        }
        next.append(.ended)
      } else {
        break
      }
    }
    return next.events
  }

  /// What a line (or a piece of one too long) means; nil for a blank line or the rest of a
  /// line already reported.
  private mutating func event(for bytes: [UInt8], isCut: Bool) -> InputEvent? {
    if skipsRestOfLine {
      skipsRestOfLine = isCut
      return nil
    }
    lineNumber += 1
    if isCut {
      skipsRestOfLine = true
      return .malformedLine(
        number: lineNumber, problem: InputLineProblem.tooLong(limit: maximumLineLength).description)
    }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
    do {
      return .request(try request(fromJSONLine: bytes))
    } catch {
      return .malformedLine(number: lineNumber, problem: error.description)
    }
  }
}
