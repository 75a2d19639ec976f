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

  /// Creates a runtime. User message ids come from `ids`; times from `clock`.
  public init(
    state: AppState, session: some Session, clock: any Clock, ids: SeededUUIDGenerator,
    renderers: [any Renderer]
  ) {
    loop = Loop(state: state, session: session, clock: clock, ids: ids, renderers: renderers)
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
  var queue: [Action] = []
  var isDispatching = false
  var inputEnded = false
  var outcome = Runtime.Outcome.completed

  init(
    state: AppState, session: any Session, clock: any Clock, ids: SeededUUIDGenerator,
    renderers: [any Renderer]
  ) {
    self.state = state
    self.session = session
    self.clock = clock
    self.ids = ids
    self.renderers = renderers
  }

  mutating func run(_ input: any Input) throws(SinkError) -> Runtime.Outcome {
    for renderer in renderers { try renderer.start(state) }
    session.connect(at: clock.now)
    let renderers = renderers
    let flush = { () throws(SinkError) in
      for renderer in renderers { try renderer.flush() }
    }
    while state.phase != .finished {
      try dispatchDueSessionEvents()
      guard state.phase != .finished else { break }
      let deadline = session.nextDeadline
      let events = try input.wait(until: deadline, flush: flush)
      for event in events { try dispatch(action(for: event)) }
      // Nothing can happen any more: the input is over and the session has gone quiet.
      if events.isEmpty, inputEnded, deadline == nil, session.nextDeadline == nil { break }
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

  private mutating func dispatchDueSessionEvents() throws(SinkError) {
    let now = clock.now
    while let event = session.nextEvent(dueBy: now) {
      try dispatch(.session(event))
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
    case .quit:
      break  // The phase is now `.finished`; the loop ends after this step.
    case .send(let message):
      session.send(message, at: clock.now)
    case .show(let notice):
      for renderer in renderers { try renderer.show(notice, in: state) }
    }
  }
}
