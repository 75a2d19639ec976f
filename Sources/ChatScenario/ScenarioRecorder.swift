import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession

/// Writes a scenario as a run goes: its header at once, then each entry as it happens, timed
/// from `start`. It watches the runtime's loop (`LoopObserver`), its one tap on the run: what
/// the user types, the session actions the core is handed (counted for its `reached`
/// entries), and, on a network run, what the link carried (`LinkReport`s the loop relays from
/// the session), so a recording holds them all in the order they happened.
///
/// Each entry is handed to the operating system as soon as it happens, so a crash keeps
/// everything up to it. A live clock that steps back cannot make entries go back in time.
public final class ScenarioRecorder: LoopObserver {
  private let sink: any TextSink
  private let start: Timestamp
  private let isRecording: Bool
  private var last: Int64 = 0
  /// How many actions of the session the loop has dispatched to the core: when some wait, a
  /// `reached` entry says how many went before the step, so the replay hands the core
  /// exactly those first.
  private var delivered = 0
  /// The time of the last entry written that is no `>` line (nor a comment), whether it was
  /// typed, and how many actions the core had been handed then: an entry at that same
  /// instant after more were handed gets a `reached` entry (a replay plays the link entries
  /// of an instant before handing any on, and types the steps of an instant together).
  private var lastEntry: (milliseconds: Int64, delivered: Int, isTyped: Bool)?

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

  /// Writes `events`, typed together as one step at `now`, while `waiting` of the session's
  /// actions had not reached the core: they reach it after the step.
  private func record(
    step events: [Scenario.Event], at now: Timestamp, overtaking waiting: Int
  ) throws(SinkError) {
    guard !events.isEmpty else { return }
    last = max(last, start.milliseconds(to: now))
    // A scenario of the simulated peer keeps a signal as a comment: no entry, no step.
    if isRecording || events.contains(where: { !$0.isSignal }) {
      let reached =
        if let lastEntry, lastEntry.isTyped, lastEntry.milliseconds == last {
          // Right after a step of the same instant, which a replay types together with this
          // one unless told that the core was handed more in between: live, each piped line
          // of a virtual run and each line pasted at a terminal is a turn of its own, and the
          // session's actions due by then (a fault, a split's notice, an echo) go between.
          lastEntry.delivered != delivered
        } else {
          // A replay hands the core what waits before a typed step: say where live stopped.
          waiting > 0
        }
      if reached { try write(entry(.reached(count: delivered))) }
      lastEntry = (last, delivered, true)
    }
    for event in events {
      if case .signal(let number) = event, !isRecording {
        // A scenario of the simulated peer has always kept this as a comment.
        try write("# stopped by signal \(number) at \(ScenarioWriter.time(milliseconds: last))\n")
      } else {
        try write(entry(event))
      }
    }
  }

  /// Writes what the link carried, at its time.
  public func loop(relays report: LinkReport) throws(SinkError) {
    last = max(last, start.milliseconds(to: report.time))
    if case .wrote = report.event {
      // Told in the middle of the client's step: it brings nothing to the core, and needs
      // no `reached`. But a replay plays it as the rest (the client does what was due by
      // then), and hands nothing on between it and the next entries of its instant: one that
      // begins an instant (a line the pacing let out) marks it, so that a line read after it
      // at that instant says what reached the core between them (the report of the queue).
      if isRecording, lastEntry?.milliseconds != last { lastEntry = (last, delivered, false) }
    } else if isRecording {
      // A replay plays an instant's entries before handing their actions on, and hands
      // everything on between instants: say so where live did otherwise.
      // (Before the first entry, the replay has handed on nothing either.)
      let reachedSince =
        if let lastEntry {
          lastEntry.milliseconds == last
            ? lastEntry.delivered != delivered : report.waitingActions > 0
        } else {
          false
        }
      if reachedSince { try write(entry(.reached(count: delivered))) }
      lastEntry = (last, delivered, false)
    }
    try write(entry(.link(report.event)))
  }

  /// Writes the step the loop takes as typed at `now`.
  public func loop(
    takes step: [InputEvent], at now: Timestamp, overtaking waiting: Int
  ) throws(SinkError) {
    var events: [Scenario.Event] = []
    for event in step {
      switch event {
      case .ended: events.append(.end)
      // A secret typed (`/quote PASS …`, a channel key) is kept out: the replay does not
      // need it, for the server's answers are recorded.
      case .line(let text): events.append(.typed(SecretRedaction.redacted(typedLine: text) ?? text))
      case .pressed(let key): events.append(.pressed(key))
      case .quitRequested: events.append(.quit)
      // `--record` is refused with `--input jsonl`: a scenario holds typed lines only.
      case .malformedLine, .request: break
      // Keys are not recorded (a replay tells nobody of typing): an edit is no step.
      case .edited: break
      case .terminated(let signal): events.append(.signal(signal))
      }
    }
    try record(step: events, at: now, overtaking: waiting)
  }

  /// Counts the session's actions: what the loop itself tells the core is none of them.
  public func loop(dispatches action: Action) {
    guard case .session(let event) = action, event != .expectsNothingMore,
      event != .confirmsDelivery
    else { return }
    delivered += 1
  }

  private func entry(_ event: Scenario.Event) -> String {
    ScenarioWriter.line(for: Scenario.Entry(milliseconds: last, event: event))
  }

  private func write(_ text: String) throws(SinkError) {
    try sink.write(Array(text.utf8))
    try sink.flush()
  }
}
