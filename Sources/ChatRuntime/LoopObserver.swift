import ChatCore
import ChatRendering

/// Watches the loop's one ordered stream of what happens (`chat --record`): the steps it
/// takes from the input, with their times, and every action it dispatches, in turn. One tap
/// on the loop, not a decorator on the input and counters on the session, so a watcher sees
/// the run in the order the core did.
///
/// Called on the loop's thread, between and before dispatches; nothing it does reaches the
/// loop. A failure to keep what it is told ends the run (the error is thrown from the loop).
public protocol LoopObserver: AnyObject {
  /// The loop takes `step` from the input at `now` (or a signal meant `step`), before it
  /// dispatches any of it. A timed input's empty step is told too: its time has come.
  func loop(takes step: [InputEvent], at now: Timestamp) throws(SinkError)
  /// The loop dispatches `action`, before the core handles it.
  func loop(dispatches action: Action)
}
