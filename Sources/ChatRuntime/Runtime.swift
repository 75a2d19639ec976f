import ChatCore
import ChatRendering
import ChatSession
import FoundationEssentials

/// The one serial loop: actions in, `update`, effects carried out, renderers told.
///
/// Actions are queued and handled one at a time, never re-entrantly. The loop asks the session
/// for due events, then lets the input wait until the user does something or the session's
/// next deadline comes. On a virtual clock that wait is a jump; on a live clock it is a poll.
/// When input ends it keeps going until every sent message has been echoed and answered.
///
/// With a `FrameBudget` (live runs), the loop dispatches due events for at most one frame
/// before it lets the input poll again with a deadline of now, so a flood of events due at
/// once is drawn a frame at a time and typing is handled between frames.
public final class Runtime {
  /// How a run ended.
  public enum Outcome: Equatable, Sendable {
    /// Everything finished normally.
    case completed
    /// A signal stopped the run; its number gives the conventional exit status 128 + n.
    case terminated(signal: Int32)
  }

  // All mutable state lives in one struct so the per-message path runs inside a single
  // exclusive access instead of paying a dynamic exclusivity check per class property.
  private var loop: Loop

  /// Creates a runtime. User message ids come from `ids`; times from `clock`. With a
  /// `frameBudget`, due events are dispatched a frame at a time (see `FrameBudget`); without
  /// one, all that are due go before the input is polled again, as a virtual clock needs.
  public init(
    state: AppState, session: some Session, clock: any Clock, ids: SeededUUIDGenerator,
    renderers: [any Renderer], frameBudget: FrameBudget? = nil
  ) {
    loop = Loop(
      state: state, session: session, clock: clock, ids: ids, renderers: renderers,
      frame: Frame(budget: frameBudget))
  }

  /// The state after the last action.
  public var state: AppState { loop.state }

  /// Runs until the core quits (or the input ends with nothing left in flight).
  public func run(_ input: any Input) throws(SinkError) -> Outcome {
    try loop.run(input)
  }

  /// Handles `action` and everything queued behind it.
  public func dispatch(_ action: Action) throws(SinkError) {
    try loop.dispatch(action)
  }
}

private struct Loop {
  var state: AppState
  var session: any Session
  let clock: any Clock
  var ids: SeededUUIDGenerator
  let renderers: [any Renderer]
  var frame: Frame
  /// The moment of a wake-up whose due events the frame budget cut short: the next frames
  /// carry on with what was due then, before the clock is read again.
  var unfinishedWakeUp: Timestamp?
  var timers = TimerQueue<ScheduledTimer>()
  /// The generation of each live timer; a fired or cancelled timer is absent.
  var liveTimers: [Timer: UInt64] = [:]
  var timerGeneration: UInt64 = 0
  var queue: [Action] = []
  var isDispatching = false
  var inputEnded = false
  var outcome = Runtime.Outcome.completed

  init(
    state: AppState, session: any Session, clock: any Clock, ids: SeededUUIDGenerator,
    renderers: [any Renderer], frame: Frame
  ) {
    self.state = state
    self.session = session
    self.clock = clock
    self.ids = ids
    self.renderers = renderers
    self.frame = frame
  }

  mutating func run(_ input: any Input) throws(SinkError) -> Runtime.Outcome {
    for renderer in renderers { try renderer.start(state) }
    session.connect(at: clock.now)
    let renderers = renderers
    let flush = { () throws(SinkError) in
      for renderer in renderers { try renderer.flush() }
    }
    // A wake-up's due events are all shown even if the app finishes part-way through them:
    // the first reply of a flood settles a piped run, and the rest arrived with it.
    while state.phase != .finished || unfinishedWakeUp != nil {
      try dispatchDueSessionEvents()
      guard state.phase != .finished || unfinishedWakeUp != nil else { break }
      let deadline = nextDeadline
      let events = try input.wait(until: deadline, flush: flush)
      for event in events { try dispatch(action(for: event)) }
      // The user quit at once (a second /quit with messages in flight, a second Ctrl-D,
      // Ctrl-C while leaving) or a signal stopped the run: the rest of a flood is not worth
      // waiting for. A plain end of input (the first Ctrl-D) still shows it.
      if unfinishedWakeUp != nil, !events.isEmpty,
        state.phase == .finished && !state.isSettled || events.contains(where: \.stopsAtOnce)
      {
        unfinishedWakeUp = nil
      }
      // Nothing can happen any more: the input is over and nothing is scheduled.
      if events.isEmpty, inputEnded, deadline == nil, nextDeadline == nil { break }
    }
    for renderer in renderers { try renderer.finish(state) }
    return outcome
  }

  mutating func dispatch(_ action: Action) throws(SinkError) {
    queue.append(action)
    guard !isDispatching else { return }
    isDispatching = true
    defer {
      isDispatching = false
      queue.removeAll(keepingCapacity: true)
    }
    var next = 0
    while next < queue.count {
      let action = queue[next]
      next += 1
      let effects = update(&state, action)
      for renderer in renderers { try renderer.render(state) }
      for effect in effects { try perform(effect) }
    }
  }

  /// The earliest moment something is scheduled: a session event or a live timer.
  private var nextDeadline: Timestamp? {
    mutating get {
      // Drop cancelled timers from the front so they never wake the loop.
      while let next = timers.next, liveTimers[next.element.timer] != next.element.generation {
        _ = timers.popDue(at: next.due)
      }
      switch (session.nextDeadline, timers.nextDeadline) {
      case (let session?, let timer?): return min(session, timer)
      case (let session, let timer): return session ?? timer
      }
    }
  }

  /// Dispatches every session event and timer due by now, earliest first; on a tie the
  /// session's event goes first. With a frame budget it stops once the frame is spent: what
  /// is still due keeps the next deadline at or before now, so the input polls without
  /// waiting, and the next call carries on with the same moment (`unfinishedWakeUp`).
  private mutating func dispatchDueSessionEvents() throws(SinkError) {
    let now: Timestamp
    if let unfinished = unfinishedWakeUp {
      now = unfinished
      unfinishedWakeUp = nil
    } else {
      now = clock.now
    }
    frame.begin()
    // One loop, not a helper per event: this is the per-message path, and a call per event
    // cost measurably more instructions.
    while true {
      let timerDue = timers.nextDeadline
      let sessionDue = session.nextDeadline
      if let sessionDue, sessionDue <= now, timerDue.map({ sessionDue <= $0 }) ?? true {
        guard let event = session.nextEvent(dueBy: now) else { return }
        try dispatch(.session(event))
      } else if let (due, entry) = timers.popDue(at: now) {
        guard liveTimers[entry.timer] == entry.generation else { continue }
        liveTimers[entry.timer] = nil
        try dispatch(.system(.timerFired(entry.timer, time: due)))
      } else {
        return
      }
      if frame.spend() {
        unfinishedWakeUp = now
        return
      }
    }
  }

  private mutating func action(for event: InputEvent) -> Action {
    switch event {
    case .ended:
      inputEnded = true
      return .system(.endOfInput)
    case .line(let text):
      return .user(.submitted(text: text, id: ids.next(), time: clock.now))
    case .quitRequested:
      return .user(.quitRequested)
    case .terminated(let signal):
      outcome = .terminated(signal: signal)
      return .system(.terminated)
    }
  }

  private mutating func perform(_ effect: Effect) throws(SinkError) {
    switch effect {
    case .cancel(let timer):
      liveTimers[timer] = nil
    case .schedule(let timer, let milliseconds):
      timerGeneration += 1
      liveTimers[timer] = timerGeneration
      timers.schedule(
        ScheduledTimer(timer: timer, generation: timerGeneration),
        at: clock.now.advanced(byMilliseconds: milliseconds))
    case .quit:
      break  // The phase is now `.finished`; the loop ends after this step.
    case .join(let name):
      session.join(name, at: clock.now)
    case .part(let name, let reason):
      session.part(name, reason: reason, at: clock.now)
    case .send(let message):
      session.send(message, at: clock.now)
    case .setTopic(let name, let topic):
      session.setTopic(topic, of: name, at: clock.now)
    case .show(let notice):
      for renderer in renderers { try renderer.show(notice, in: state) }
    }
  }
}

/// A timer in the queue, with the generation it was started in: a timer restarted after being
/// cancelled must not be mistaken for its cancelled predecessor. (A struct, not a tuple, so
/// the queue's element copies compile to plain moves.)
private struct ScheduledTimer {
  var timer: Timer
  var generation: UInt64
}

extension InputEvent {
  /// Whether the event ends the run without waiting for anything still to come.
  fileprivate var stopsAtOnce: Bool {
    switch self {
    case .quitRequested, .terminated: true
    case .ended, .line: false
    }
  }
}
