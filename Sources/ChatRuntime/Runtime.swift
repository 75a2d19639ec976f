import ChatCore
import ChatRendering
import ChatSession
import Glibc

/// The one serial loop: actions in, `update`, effects carried out, renderers told.
///
/// The loop owns the program's only wait. Each turn it dispatches the session events and
/// timers that are due, then waits for whatever comes next: on a live clock one `poll(2)` over
/// the user's input, the signal pipe and the session's descriptors, until the earliest
/// deadline of the session, the timers and a timed input; on the virtual clock it jumps the
/// clock to that deadline instead. Inputs and sessions are told when their descriptors are
/// ready and never wait themselves. Actions are handled one at a time: nothing can dispatch
/// while an action is being handled, since neither renderers nor sessions can reach the loop.
///
/// Pacing on the virtual clock: the input's next step is read ahead (waiting for a pipe's
/// next line, since virtual time stands still meanwhile) and held until typing it cannot
/// overtake the session: at once, unless it would send something while the session is busy,
/// so piped messages go one exchange at a time while commands, and lines typed while leaving,
/// behave as on a live clock. An interactive input (the terminal) is only looked at, never
/// waited for, while the session is busy.
///
/// Leaving ends when nothing the user sent is in flight and the session expects nothing
/// more: the loop tells the core so (`.session(.expectsNothingMore)`) whenever it finds that
/// while the app is draining.
///
/// With a `FrameBudget` (live runs), the loop dispatches due events for at most one frame
/// before it polls again with a timeout of zero, so a flood of events due at once is drawn a
/// frame at a time and typing is handled between frames.
public final class Runtime {
  /// How a run ended.
  public enum Outcome: Equatable, Sendable {
    /// Everything finished normally.
    case completed
    /// A signal stopped the run; its number gives the conventional exit status 128 + n.
    case terminated(signal: Int32)
    /// The loop could not wait for its sources; the run stopped, its output finished.
    case failed(WaitError)
  }

  // All mutable state lives in one struct so the per-message path runs inside a single
  // exclusive access instead of paying a dynamic exclusivity check per class property.
  private var loop: Loop

  /// Creates a runtime. User message ids come from `ids`; times from `clock`, which is the
  /// only clock of the run (a `VirtualClock` makes it a virtual-time run). With a
  /// `frameBudget`, due events are dispatched a frame at a time (see `FrameBudget`); without
  /// one, all that are due go before the input is looked at again, as a virtual clock needs.
  /// Policies the core asks to keep across runs go to `policyStore` (none: nowhere).
  public init(
    state: AppState, session: some Session, clock: any Clock, ids: SeededUUIDGenerator,
    renderers: [any Renderer], frameBudget: FrameBudget? = nil,
    policyStore: (any PolicyStore)? = nil
  ) {
    loop = Loop(
      state: state, session: session, clock: clock, ids: ids, renderers: renderers,
      frame: Frame(budget: frameBudget), policyStore: policyStore)
  }

  /// Told every step the loop takes from the input and every action it dispatches, in turn
  /// (`chat --record`). Set it before `run`.
  public var observer: (any LoopObserver)? {
    get { loop.observer }
    set { loop.observer = newValue }
  }

  /// The state after the last action.
  public var state: AppState { loop.state }

  /// Runs until the core quits (or nothing more can happen), reading `input` and acting on
  /// the signals `signals` watches.
  public func run(_ input: any Input, signals: SignalWatcher? = nil) throws(SinkError) -> Outcome {
    try loop.run(input, signals: signals)
  }
}

/// Why the loop could not wait for its sources.
public enum WaitError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `poll(2)` failed with this `errno` (not an interruption, which is retried).
  case pollFailed(errno: Int32)
  /// A descriptor the loop was asked to watch is not open.
  case notOpen(descriptor: Int32)

  public var description: String {
    switch self {
    case .pollFailed(let code):
      "cannot wait for input: poll failed: \(String(cString: strerror(code)))"
    case .notOpen(let descriptor):
      "cannot wait for input: descriptor \(descriptor) is not open"
    }
  }
}
