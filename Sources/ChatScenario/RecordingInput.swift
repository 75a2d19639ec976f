import ChatCore
import ChatRendering
import ChatRuntime

/// Passes another input's events through unchanged and writes them, with their times, to a
/// scenario: `chat --record FILE`.
///
/// The header holds the run's settings (seed, names, width) so that playing the recording
/// reproduces the run. Each entry is handed to the operating system as soon as it happens, so
/// a crash keeps everything typed up to it. Times count from `start`, which the caller places
/// at the start of the run; a live clock that steps back (the system time was set) cannot make
/// entries go back in time.
public final class RecordingInput: ChatRuntime.Input {
  private let input: any ChatRuntime.Input
  private let sink: any TextSink
  private let start: Timestamp
  private var last: Int64 = 0
  /// The inner input's next step, as last looked at.
  private var next: [InputEvent] = []

  /// Records what `input` reports, timed from `start`, into `sink`, which gets the header of
  /// `settings` (its entries are ignored) and `comment` at once.
  public init(
    wrapping input: any ChatRuntime.Input, start: Timestamp, settings: Scenario,
    comment: String? = nil,
    sink: any TextSink
  ) throws(SinkError) {
    self.input = input
    self.sink = sink
    self.start = start
    var header = settings
    header.entries = []
    try write(ScenarioWriter.header(of: header, comment: comment))
  }

  public var descriptor: Int32? { input.descriptor }

  public var nextDeadline: Timestamp? { input.nextDeadline }

  public var isInteractive: Bool { input.isInteractive }

  public func readAvailable() { input.readAvailable() }

  public func handle(
    signal: Int32, at now: Timestamp, in state: AppState
  ) throws(SinkError) -> InputEvent? {
    let event = try input.handle(signal: signal, at: now, in: state)
    if let event { try record([event], at: now) }
    return event
  }

  public func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    next = input.nextEvents(dueBy: now, in: state)
    return next
  }

  /// Records the step as typed now: a step read ahead is written when it is typed.
  public func takeNextEvents(at now: Timestamp) throws(SinkError) {
    try input.takeNextEvents(at: now)
    try record(next, at: now)
    next = []
  }

  private func record(_ events: [InputEvent], at now: Timestamp) throws(SinkError) {
    guard !events.isEmpty else { return }
    last = max(last, start.milliseconds(to: now))
    for event in events {
      switch event {
      case .ended: try write(entry(.end))
      case .line(let text): try write(entry(.typed(text)))
      case .quitRequested: try write(entry(.quit))
      // `--record` is refused with `--input jsonl`: a scenario holds typed lines only.
      case .malformedLine, .request: break
      case .terminated(let signal):
        try write("# stopped by signal \(signal) at \(ScenarioWriter.time(milliseconds: last))\n")
      }
    }
  }

  private func entry(_ event: Scenario.Event) -> String {
    ScenarioWriter.line(for: Scenario.Entry(milliseconds: last, event: event))
  }

  private func write(_ text: String) throws(SinkError) {
    try sink.write(Array(text.utf8))
    try sink.flush()
  }
}
