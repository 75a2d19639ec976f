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
public final class Runtime<SessionType: Session> {
  /// How a run ended.
  public enum Outcome: Equatable, Sendable {
    /// Everything finished normally.
    case completed
    /// A signal stopped the run; its number gives the conventional exit status 128 + n.
    case terminated(signal: Int32)
  }

  /// The state after the last action.
  public private(set) var state: AppState
  private var session: SessionType
  private let clock: any Clock
  private var ids: SeededUUIDGenerator
  private let renderers: [any Renderer]
  private var queue: [Action] = []
  private var isDispatching = false
  private var inputEnded = false
  private var outcome = Outcome.completed

  /// Creates a runtime. User message ids come from `ids`; times from `clock`.
  public init(
    state: AppState, session: SessionType, clock: any Clock, ids: SeededUUIDGenerator,
    renderers: [any Renderer]
  ) {
    self.state = state
    self.session = session
    self.clock = clock
    self.ids = ids
    self.renderers = renderers
  }

  /// Runs until the core quits (or the input ends with nothing left in flight).
  public func run(_ input: any Input) throws(SinkError) -> Outcome {
    for renderer in renderers { try renderer.start(state) }
    session.connect(at: clock.now)
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

  /// Handles `action` and everything queued behind it.
  public func dispatch(_ action: Action) throws(SinkError) {
    queue.append(action)
    guard !isDispatching else { return }
    isDispatching = true
    defer { isDispatching = false }
    var next = 0
    while next < queue.count {
      let action = queue[next]
      next += 1
      let effects = update(&state, action)
      for renderer in renderers { try renderer.render(state) }
      for effect in effects { try perform(effect) }
    }
    queue.removeAll(keepingCapacity: true)
  }

  private func dispatchDueSessionEvents() throws(SinkError) {
    while let event = session.nextEvent(dueBy: clock.now) {
      try dispatch(.session(event))
    }
  }

  private func action(for event: InputEvent) -> Action {
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

  private func perform(_ effect: Effect) throws(SinkError) {
    switch effect {
    case .quit:
      break  // The phase is now `.finished`; the loop ends after this step.
    case .send(let message):
      session.send(message, at: clock.now)
    case .show(let notice):
      for renderer in renderers { try renderer.show(notice, in: state) }
    }
  }

  private func flush() throws(SinkError) {
    for renderer in renderers { try renderer.flush() }
  }
}
