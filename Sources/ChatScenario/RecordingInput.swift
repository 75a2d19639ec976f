import ChatCore
import ChatRendering
import ChatRuntime

/// Passes another input's events through unchanged and writes them, with their times, to a
/// scenario: `chat --record FILE`.
///
/// The header holds the run's settings (seed, names, width) so that playing the recording
/// reproduces the run. Each entry is handed to the operating system as soon as it happens, so
/// a crash keeps everything typed up to it. Times count from the recorder's creation, which
/// the caller places at the start of the run; a live clock that steps back (the system time
/// was set) cannot make entries go back in time.
public final class RecordingInput: ChatRuntime.Input {
  private let input: any ChatRuntime.Input
  private let clock: any Clock
  private let sink: any TextSink
  private let start: Timestamp
  private var last: Int64 = 0

  /// Records what `input` reports, timed by `clock`, into `sink`, which gets the header of
  /// `settings` (its entries are ignored) and `comment` at once.
  public init(
    wrapping input: any ChatRuntime.Input, clock: any Clock, settings: Scenario,
    comment: String? = nil,
    sink: any TextSink
  ) throws(SinkError) {
    self.input = input
    self.clock = clock
    self.sink = sink
    start = clock.now
    var header = settings
    header.entries = []
    try write(ScenarioWriter.header(of: header, comment: comment))
  }

  public func wait(
    until deadline: Timestamp?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent] {
    let events = try input.wait(until: deadline, flush: flush)
    guard !events.isEmpty else { return events }
    last = max(last, start.milliseconds(to: clock.now))
    for event in events {
      switch event {
      case .ended: try write(entry(.end))
      case .line(let text): try write(entry(.typed(text)))
      case .quitRequested: try write(entry(.quit))
      case .terminated(let signal):
        try write("# stopped by signal \(signal) at \(ScenarioWriter.time(milliseconds: last))\n")
      }
    }
    return events
  }

  private func entry(_ event: Scenario.Event) -> String {
    ScenarioWriter.line(for: Scenario.Entry(milliseconds: last, event: event))
  }

  private func write(_ text: String) throws(SinkError) {
    try sink.write(Array(text.utf8))
    try sink.flush()
  }
}
