import ChatCore
import ChatRendering
import ChatSession

/// The loop's turns between dispatches: how it waits for the input, the signals and the
/// session, on a live clock or a virtual one.
extension Loop {
  /// Waits for the input, signals and the session until the next deadline, then dispatches
  /// what the input and signals brought. False when nothing can happen any more.
  mutating func takeLiveTurn(
    _ input: any Input, _ signals: SignalWatcher?
  ) throws(SinkError) -> Bool {
    var deadline = unfinishedWakeUp ?? nextDeadline
    // A step the input already has is typed after a wait that does not block, unless it is
    // held back; then the input is not read further until it goes.
    let ready = input.nextEvents(dueBy: clock.now, in: state)
    // Asked after the step: taking it may set the input's own deadline (the full screen's
    // next frame, when what just arrived came too soon after the last one to draw now).
    if let due = input.nextDeadline { deadline = min(deadline ?? due, due) }
    let holding = holdsBack(ready, from: input)
    if !ready.isEmpty, !holding { deadline = clock.now }
    if deadline == nil, input.descriptor == nil, session.watchedDescriptors.isEmpty {
      return false  // The input is over and nothing is scheduled or watched.
    }
    try flush()
    let timeout = deadline.map { Int32(clamping: max(0, clock.now.milliseconds(to: $0))) } ?? -1
    guard let signalled = try waitForSources(input, signals, timeout: timeout, reading: !holding)
    else { return false }
    let wasFinished = state.phase == .finished
    var stopsAtOnce = false
    for event in signalled {
      stopsAtOnce = stopsAtOnce || event.stopsAtOnce
      try dispatch(event)
    }
    var caughtUp = false
    while true {
      // One reading of the clock per step: the lines are stamped with the moment they were
      // taken, which is when `--record` says they were typed.
      let now = clock.now
      let step = input.nextEvents(dueBy: now, in: state)
      guard !step.isEmpty, !holdsBack(step, from: input) else { break }
      // What fell due by the step's moment goes first, as on the virtual clock (the session
      // first at a tie), and so as in a replay: what this turn read, a pacing allowance that
      // came while a long pasted line was drawn. Once per step (what makes no progress does
      // not hold typing up), and not while a flood is drawn a frame at a time: typing goes
      // between its frames.
      if !caughtUp, unfinishedWakeUp == nil, let due = nextDeadline, due <= now {
        caughtUp = true
        try dispatchDueEvents()
        try finishIfNothingMoreExpected()
        continue
      }
      caughtUp = false
      try take(step, from: input, at: now)
      for event in step {
        stopsAtOnce = stopsAtOnce || event.stopsAtOnce
        try dispatch(event, at: now)
      }
    }
    // The user quit at once (a second /quit with messages in flight, a second Ctrl-D,
    // Ctrl-C while leaving) or a signal stopped the run: the rest of a flood is not worth
    // waiting for. A plain end of input (the first Ctrl-D) still shows it.
    if stopsAtOnce || !wasFinished && state.phase == .finished { unfinishedWakeUp = nil }
    return true
  }

  /// Types the input's next step if it cannot overtake the session, waits for it, or jumps
  /// the clock to the next deadline. False when nothing can happen any more.
  mutating func takeVirtualTurn(
    _ input: any Input, _ signals: SignalWatcher?, _ clock: VirtualClock
  ) throws(SinkError) -> Bool {
    let deadline = nextDeadline
    if let due = input.nextDeadline {
      // A timed input: its step is typed at its time; the session goes first at a tie.
      if deadline.map({ due < $0 }) ?? true {
        clock.advance(to: due)
        let step = input.nextEvents(dueBy: due, in: state)
        try take(step, from: input, at: due)  // Even an empty step: its time has come.
        for event in step { try dispatch(event) }
        return true
      }
    } else {
      var step = input.nextEvents(dueBy: clock.now, in: state)
      if step.isEmpty, input.descriptor != nil {
        // Virtual time stands still while the loop waits for the next line; a person at the
        // terminal is only looked at while the session has something due.
        let waits = deadline == nil || !input.isInteractive
        try flush()
        guard let signalled = try waitForSources(input, signals, timeout: waits ? -1 : 0) else {
          return false
        }
        for event in signalled { try dispatch(event) }
        if waits || !signalled.isEmpty { return true }
        step = input.nextEvents(dueBy: clock.now, in: state)
      }
      if !step.isEmpty, deadline == nil || !wouldSend(step) {
        try type(step, from: input)
        return true
      }
    }
    guard let deadline else { return false }  // Nothing is due and the input has no more.
    clock.advance(to: deadline)
    return true
  }

  /// Takes `step` from `input` and dispatches it.
  private mutating func type(_ step: [InputEvent], from input: any Input) throws(SinkError) {
    guard !step.isEmpty else { return }
    try take(step, from: input, at: clock.now)
    for event in step { try dispatch(event) }
  }

  /// Takes `step` from `input` at `now` and tells the observer, before any of it is
  /// dispatched.
  private mutating func take(
    _ step: [InputEvent], from input: any Input, at now: Timestamp
  ) throws(SinkError) {
    try input.takeNextEvents(at: now)
    try tellObserver(step, at: now)
  }

  /// Tells the observer that the loop takes `step` at `now`, after what the link did before.
  private mutating func tellObserver(_ step: [InputEvent], at now: Timestamp) throws(SinkError) {
    guard let observer else { return }
    try relayLinkReports()
    try observer.loop(takes: step, at: now, overtaking: session.waitingActionCount)
  }

  /// Whether `step` waits in `input` for now: a piped line or request waits until what it
  /// depends on is settled (`AppState.holdsPiped(typing:)`: the answer to a join or part, the
  /// connection, the messages in flight before a part); a terminal's lines, a timed input's
  /// steps, the end and a request to quit never do. (The virtual clock's turns wait by
  /// `wouldSend`, which covers the same.) A piped step holds one line at most.
  private func holdsBack(_ step: [InputEvent], from input: any Input) -> Bool {
    guard !input.isInteractive, input.nextDeadline == nil else { return false }
    for event in step {
      switch event {
      case .line(let text): if state.holdsPiped(typing: text) { return true }
      case .request(let request): if state.holdsPiped(request) { return true }
      case .edited, .ended, .malformedLine, .pressed, .quitRequested, .terminated: break
      }
    }
    return false
  }

  /// Whether typing `step` now would send something. (A loop, not `contains(where:)` with a
  /// method: that closure would copy the whole loop, on every message.)
  private func wouldSend(_ step: [InputEvent]) -> Bool {
    for event in step {
      switch event {
      case .line(let text): if state.wouldSend(typing: text) { return true }
      case .request(let request): if state.wouldSend(request) { return true }
      case .edited, .ended, .malformedLine, .pressed, .quitRequested, .terminated: break
      }
    }
    return false
  }

  /// Polls the input (unless not `reading` it), the signal pipe and the session's
  /// descriptors for up to `timeout` milliseconds, and hands each ready one to its owner.
  /// Returns what the signals mean to the input; nil when the wait failed (the outcome says
  /// why).
  mutating func waitForSources(
    _ input: any Input, _ signals: SignalWatcher?, timeout: Int32, reading: Bool = true
  ) throws(SinkError) -> [InputEvent]? {
    let found: Poller.Found
    switch poller.wait(
      input: reading ? input.descriptor : nil, signals: signals?.descriptor,
      session: session.watchedDescriptors, timeout: timeout)
    {
    case .success(let result): found = result
    case .failure(let error):
      outcome = .failed(error)
      return nil
    }
    var events: [InputEvent] = []
    if found.signalsAreReady, let signals {
      for signal in signals.drain() {
        let now = clock.now
        if let event = try input.handle(signal: signal, at: now, in: state) {
          try tellObserver([event], at: now)
          events.append(event)
        }
      }
    }
    if !found.session.isEmpty {
      let now = clock.now
      for (descriptor, readiness) in found.session {
        session.handle(readiness, on: descriptor, at: now)
      }
    }
    if found.inputIsReady { input.readAvailable() }
    return events
  }
}

extension InputEvent {
  /// Whether the event ends the run without waiting for anything still to come.
  fileprivate var stopsAtOnce: Bool {
    switch self {
    case .quitRequested, .terminated: true
    case .edited, .ended, .line, .malformedLine, .pressed, .request: false
    }
  }
}
