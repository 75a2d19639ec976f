import ChatCore
import ChatRendering
import ChatRuntime

/// Passes another input's events through unchanged and writes them, with their times, to a
/// scenario: `chat --record FILE`.
///
/// The header holds the run's settings (seed, names, width; on a network run the server,
/// nick, channels, login and start time) so that playing the recording reproduces the run.
/// Times count from the recorder's start, which the caller places at the start of the run.
public final class RecordingInput: ChatRuntime.Input {
  private let input: any ChatRuntime.Input
  /// Where entries go; a network session records its link through the same one.
  public let recorder: ScenarioRecorder
  /// The inner input's next step, as last looked at.
  private var next: [InputEvent] = []

  /// Records what `input` reports, timed from `start`, into `sink`, which gets the header of
  /// `settings` (its entries are ignored) and `comment` at once.
  public convenience init(
    wrapping input: any ChatRuntime.Input, start: Timestamp, settings: Scenario,
    comment: String? = nil,
    sink: any TextSink
  ) throws(SinkError) {
    self.init(
      wrapping: input,
      recorder: try ScenarioRecorder(
        start: start, settings: settings, comment: comment, sink: sink))
  }

  /// Records what `input` reports through `recorder`.
  public init(wrapping input: any ChatRuntime.Input, recorder: ScenarioRecorder) {
    self.input = input
    self.recorder = recorder
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
    try recorder.checkFailure()
    try input.takeNextEvents(at: now)
    try record(next, at: now)
    next = []
  }

  private func record(_ events: [InputEvent], at now: Timestamp) throws(SinkError) {
    var step: [Scenario.Event] = []
    for event in events {
      switch event {
      case .ended: step.append(.end)
      case .line(let text): step.append(.typed(text))
      case .quitRequested: step.append(.quit)
      // `--record` is refused with `--input jsonl`: a scenario holds typed lines only.
      case .malformedLine, .request: break
      case .terminated(let signal): step.append(.signal(signal))
      }
    }
    try recorder.record(step: step, at: now)
  }
}
