import ChatCore
import ChatIRCSession
import ChatRendering

/// Writes a scenario as a run goes: its header at once, then each entry as it happens, timed
/// from `start`. What the user types (`RecordingInput`) and, on a network run, what the link
/// carries (`recordLink`) go through one recorder, so a recording holds both in the order
/// they happened.
///
/// Each entry is handed to the operating system as soon as it happens, so a crash keeps
/// everything up to it. A live clock that steps back cannot make entries go back in time.
public final class ScenarioRecorder {
  private let sink: any TextSink
  private let start: Timestamp
  private let isRecording: Bool
  private var last: Int64 = 0
  /// The first error writing a link entry (which cannot throw where it happens): the
  /// recording input throws it at its next step, so the run still fails with it.
  public private(set) var failure: SinkError?
  /// Whether actions the session made of its link wait for the core (a network run's
  /// `IRCSession.hasQueuedEvents`): a step typed now reaches the core first, and a `held`
  /// entry says so.
  public var sessionHasQueuedEvents: () -> Bool = { false }
  /// Link entries written since the session's queue was last seen empty: those whose actions
  /// may still wait for the core.
  private var undelivered = 0

  /// Writes the header of `settings` (its entries are ignored) and `comment` to `sink` now.
  public init(
    start: Timestamp, settings: Scenario, comment: String? = nil, sink: any TextSink
  ) throws(SinkError) {
    self.sink = sink
    self.start = start
    isRecording = settings.network != nil
    var header = settings
    header.entries = []
    try write(ScenarioWriter.header(of: header, comment: comment))
  }

  /// Writes `event` as happening at `now`.
  public func record(_ event: Scenario.Event, at now: Timestamp) throws(SinkError) {
    if let failure { throw failure }
    last = max(last, start.milliseconds(to: now))
    if case .signal(let number) = event, !isRecording {
      // A scenario of the simulated peer has always kept this as a comment.
      try write("# stopped by signal \(number) at \(ScenarioWriter.time(milliseconds: last))\n")
      return
    }
    if event.isTyped, isRecording, sessionHasQueuedEvents(), undelivered > 0 {
      let held = Scenario.Event.held(count: undelivered)
      try write(ScenarioWriter.line(for: Scenario.Entry(milliseconds: last, event: held)))
      undelivered = 0
    }
    try write(ScenarioWriter.line(for: Scenario.Entry(milliseconds: last, event: event)))
  }

  /// Writes `events`, typed together as one step at `now`.
  public func record(step events: [Scenario.Event], at now: Timestamp) throws(SinkError) {
    guard let first = events.first else { return }
    try record(first, at: now)
    let held = sessionHasQueuedEvents
    sessionHasQueuedEvents = { false }  // One `held` covers the whole step.
    defer { sessionHasQueuedEvents = held }
    for event in events.dropFirst() { try record(event, at: now) }
  }

  /// Writes what the link carried at `now`; an error is kept for the next `record`.
  public func recordLink(_ event: IRCLinkEvent, at now: Timestamp) {
    guard failure == nil else { return }
    if case .wrote = event {
      // A line written brings no actions, and is told while the client's step that wrote
      // it has yet to queue its own: it continues the count, never restarts it.
      if undelivered > 0 { undelivered += 1 }
    } else {
      // Told before the client is fed the entry: an empty queue means everything before it
      // has reached the core.
      undelivered = sessionHasQueuedEvents() ? undelivered + 1 : 1
    }
    do {
      try record(.link(event), at: now)
    } catch {
      failure = error
    }
  }

  /// Throws the error a link entry met, if any.
  public func checkFailure() throws(SinkError) {
    if let failure { throw failure }
  }

  private func write(_ text: String) throws(SinkError) {
    try sink.write(Array(text.utf8))
    try sink.flush()
  }
}
