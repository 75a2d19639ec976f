import ChatCore
import ChatRendering
import ChatSession

/// The runtime's state and its turns (see `Runtime`): one struct, so the per-message path
/// runs inside a single exclusive access.
struct Loop {
  var state: AppState
  var session: any Session
  let clock: any Clock
  /// The same clock when the run is on virtual time: the loop jumps it instead of waiting.
  let virtualClock: VirtualClock?
  var ids: SeededUUIDGenerator
  let renderers: [any Renderer]
  /// Where policies the core asks to keep go; nil: nowhere (a replay).
  let policyStore: (any PolicyStore)?
  var frame: Frame
  /// The moment of a wake-up whose due events the frame budget cut short: the next frames
  /// carry on with what was due then, before the clock is read again.
  var unfinishedWakeUp: Timestamp?
  var timers = TimerQueue<ScheduledTimer>()
  /// The generation of each live timer; a fired or cancelled timer is absent. The queue's
  /// front is always live: cancelled timers are dropped as they reach it.
  var liveTimers = LiveTimers()
  var timerGeneration: UInt64 = 0
  var poller = Poller()
  /// The effects array `dispatch` reuses, empty between actions.
  var spareEffects: [Effect] = []
  var outcome = Runtime.Outcome.completed
  /// Told every step taken from the input, every action dispatched and what the session's
  /// link did, in turn (`--record`).
  var observer: (any LoopObserver)?

  init(
    state: AppState, session: any Session, clock: any Clock, ids: SeededUUIDGenerator,
    renderers: [any Renderer], frame: Frame, policyStore: (any PolicyStore)? = nil
  ) {
    self.state = state
    self.session = session
    self.clock = clock
    virtualClock = clock as? VirtualClock
    self.ids = ids
    self.renderers = renderers
    self.frame = frame
    self.policyStore = policyStore
  }

  mutating func run(_ input: any Input, signals: SignalWatcher?) throws(SinkError)
    -> Runtime
    .Outcome
  {
    var effects: [Effect] = []
    if session.confirmsDelivery { update(&state, .session(.confirmsDelivery), into: &effects) }
    let start = clock.now
    for renderer in renderers { try renderer.start(state) }
    for effect in effects { try perform(effect, at: start) }
    // What the link does is reported only while something watches the loop.
    if observer != nil { session.reportsLink = true }
    session.connect(at: clock.now)
    // A wake-up's due events are all shown even if the app finishes part-way through them:
    // the first reply of a flood settles a piped run, and the rest arrived with it.
    while state.phase != .finished || unfinishedWakeUp != nil {
      try dispatchDueEvents()
      try finishIfNothingMoreExpected()
      guard state.phase != .finished || unfinishedWakeUp != nil else { break }
      let goesOn =
        if let virtualClock {
          try takeVirtualTurn(input, signals, virtualClock)
        } else {
          try takeLiveTurn(input, signals)
        }
      guard goesOn else { break }
    }
    try relayLinkReports()
    for renderer in renderers { try renderer.finish(state) }
    return outcome
  }

  /// The earliest moment a session event or a live timer is due. Changes nothing.
  var nextDeadline: Timestamp? {
    switch (session.nextDeadline, timers.nextDeadline) {
    case (let session?, let timer?): min(session, timer)
    case (let session, let timer): session ?? timer
    }
  }

  func flush() throws(SinkError) {
    for renderer in renderers { try renderer.flush() }
  }

  /// While leaving, with nothing in flight (the session has been told to leave): asks the
  /// session whether it expects more, and tells the core when it does not.
  mutating func finishIfNothingMoreExpected() throws(SinkError) {
    guard state.phase == .draining, state.isSettled, !session.isExpectingEvents else { return }
    try dispatch(.session(.expectsNothingMore), at: clock.now)
  }

  /// Dispatches every session event and timer due by now, earliest first; on a tie the
  /// session's event goes first. With a frame budget it stops once the frame is spent: what
  /// is still due keeps the next deadline at or before now, so the next wait does not block,
  /// and the next call carries on with the same moment (`unfinishedWakeUp`).
  mutating func dispatchDueEvents() throws(SinkError) {
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
        // Moved into the action, not copied: a copy and its destruction per event were 2 %
        // of a piped run's instructions.
        try dispatch(.session(consume event), at: now)
      } else if let (due, entry) = timers.popDue(at: now) {
        dropCancelledTimers()
        guard liveTimers[entry.timer] == entry.generation else { continue }
        liveTimers[entry.timer] = nil
        try dispatch(.system(.timerFired(entry.timer, time: due)), at: now)
      } else {
        return
      }
      if frame.spend() {
        unfinishedWakeUp = now
        return
      }
    }
  }

  /// Handles `action`, which happened at `now`: the new state goes to every renderer, then
  /// its effects are carried out, at `now` too. Nothing it calls can dispatch, so actions
  /// never nest.
  ///
  /// The moment is the action's (a step's when it was taken, the wake-up's for what fell due),
  /// not the clock's after drawing: on a live clock a redraw takes a millisecond or two, and
  /// a replay, whose clock stands still while it draws, hands the session a typed line at the
  /// moment the recording says it was typed. Read again here, the clock made a long line's
  /// "goes out in N parts" a millisecond or more later live than replayed.
  mutating func dispatch(_ action: Action, at now: Timestamp) throws(SinkError) {
    // One array of effects for every action, taken out while in use: a new one per action
    // was an allocation and a release per message. (Nothing here dispatches again.)
    if let observer {
      try relayLinkReports()
      observer.loop(dispatches: action)
    }
    var effects = spareEffects
    spareEffects = []
    update(&state, action, into: &effects)
    for renderer in renderers { try renderer.render(state) }
    // Each effect borrowed where it is stored: `for effect in effects` copied each one out
    // and destroyed the copy, 2 % of a piped run's instructions.
    try effects.withUnsafeBufferPointer { (effects) throws(SinkError) in
      for index in effects.indices { try perform(effects[index], at: now) }
    }
    // Many actions bring no effect (a message received), and emptying even an empty array
    // is a generic call.
    if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
    spareEffects = effects
  }

  /// Dispatches what the user did as the action it stands for, stamped `now` (by default the
  /// clock's).
  mutating func dispatch(_ event: InputEvent, at now: Timestamp? = nil) throws(SinkError) {
    let now = now ?? clock.now
    switch event {
    case .edited(let text):
      try dispatch(.user(.lineEdited(text, time: now)), at: now)
    case .ended:
      try dispatch(.system(.endOfInput), at: now)
    case .line(let text):
      try dispatch(.user(.submitted(text: text, id: ids.next(), time: now)), at: now)
    case .malformedLine(let number, let problem):
      try dispatch(.system(.malformedInputLine(number: number, problem: problem)), at: now)
    case .pressed(let key):
      if let command = key.command(in: state.conversations) {
        try dispatch(.user(.submitted(text: command, id: ids.next(), time: now)), at: now)
      } else if !key.switches {
        var reachedOldest = false
        for renderer in renderers {
          if try renderer.press(key, in: state) == .reachedOldest { reachedOldest = true }
        }
        if reachedOldest { try dispatch(.user(.scrolledPastOldest(time: now)), at: now) }
      }
    case .quitRequested:
      try dispatch(.user(.quitRequested), at: now)
    case .request(let request):
      try dispatch(.user(.requested(request, id: ids.next(), time: now)), at: now)
    case .terminated(let signal):
      outcome = .terminated(signal: signal)
      try dispatch(.system(.terminated), at: now)
    }
  }

  /// Carries out `effect` of an action that happened at `now`.
  private mutating func perform(_ effect: Effect, at now: Timestamp) throws(SinkError) {
    switch effect {
    case .cancel(let timer):
      liveTimers[timer] = nil
      dropCancelledTimers()
    case .schedule(let timer, let milliseconds):
      timerGeneration += 1
      liveTimers[timer] = timerGeneration
      timers.schedule(
        ScheduledTimer(timer: timer, generation: timerGeneration),
        at: now.advanced(byMilliseconds: milliseconds))
    case .quit:
      break  // The phase is now `.finished`; the loop ends after this step.
    case .forgetPolicy(let host):
      policyStore?.forget(host: host)
    case .join(let name, let key):
      session.join(name, key: key, at: now)
    case .leave(let reason):
      session.leave(reason: reason, at: now)
    case .part(let name, let reason):
      session.part(name, reason: reason, at: now)
    case .rememberPolicy(let policy, let time):
      policyStore?.remember(policy, at: time)
    case .perform(let request):
      session.perform(request, at: now)
    case .send(let message):
      session.send(message, at: now)
    case .setTopic(let name, let topic):
      session.setTopic(topic, of: name, at: now)
    case .show(let notice):
      for renderer in renderers { try renderer.show(notice, in: state) }
    }
  }

  /// Tells the observer what the session's link did since it was last told: before every
  /// action dispatched and every step taken, so each report reaches it after everything that
  /// happened before it, and before anything after. Nothing without an observer.
  mutating func relayLinkReports() throws(SinkError) {
    guard let observer else { return }
    for report in session.takeLinkReports() { try observer.loop(relays: report) }
  }

  /// Drops cancelled timers from the front of the queue, so its deadline is a live timer's.
  private mutating func dropCancelledTimers() {
    while let next = timers.next, liveTimers[next.element.timer] != next.element.generation {
      _ = timers.popDue(at: next.due)
    }
  }
}

/// A timer in the queue, with the generation it was started in: a timer restarted after being
/// cancelled must not be mistaken for its cancelled predecessor. (A struct, not a tuple, so
/// the queue's element copies compile to plain moves.)
struct ScheduledTimer {
  var timer: Timer
  var generation: UInt64
}
