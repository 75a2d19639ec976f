import ChatCore
import ChatRendering
import ChatSession

/// Watches the loop's one ordered stream of what happens (`chat --record`): the steps it
/// takes from the input, with their times, every action it dispatches, and what the
/// session's link did (`LinkReport`), in turn. One tap on the loop, not a decorator on the
/// input, counters on the session and an observer on its link, so a watcher sees the run in
/// the order the core did.
///
/// Called on the loop's thread, between and before dispatches; nothing it does reaches the
/// loop. A failure to keep what it is told ends the run (the error is thrown from the loop).
public protocol LoopObserver: AnyObject {
  /// The loop takes `step` from the input at `now` (or a signal meant `step`), before it
  /// dispatches any of it, while `waiting` of the session's actions are ready and not yet
  /// dispatched: the step overtakes them. A timed input's empty step is told too: its time
  /// has come.
  func loop(takes step: [InputEvent], at now: Timestamp, overtaking waiting: Int)
    throws(SinkError)
  /// The loop dispatches `action`, before the core handles it.
  func loop(dispatches action: Action)
  /// The loop relays what the session's link did (`Session.takeLinkReports()`): before the
  /// next action it dispatches or step it takes, so each report comes after everything that
  /// happened before it.
  func loop(relays report: LinkReport) throws(SinkError)
}
