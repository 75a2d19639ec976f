import ChatCore
import ChatRendering

/// Something the user (or whatever stands in for them) did.
public enum InputEvent: Hashable, Sendable {
  /// The line being edited at the terminal is now this text (empty once cleared or sent):
  /// what tells others you are typing. Never recorded: a replay has no keys.
  case edited(String)
  /// The input closed.
  case ended
  /// A finished line of text.
  case line(String)
  /// A key of the full screen: a switch types its command (`/win 3`), the others go to the
  /// renderers (`Renderer.press(_:in:)`).
  case pressed(ScreenKey)
  /// Input line `number` (from 1) could not be read, for `problem`: it is skipped.
  case malformedLine(number: Int, problem: String)
  /// The user asked to quit (a second Ctrl-D, Ctrl-C while finishing).
  case quitRequested
  /// A program driving chat asked for something directly (`--input jsonl`).
  case request(Request)
  /// A signal asked the program to stop; the exit status reports it.
  case terminated(signal: Int32)
}

/// Where user input comes from: a pipe or file, the terminal, a scenario.
///
/// An input never waits. The runtime's loop polls `descriptor` together with every other
/// source and calls `readAvailable()` when it is ready. It looks at the input's next step
/// with `nextEvents(dueBy:in:)` and types it (`takeNextEvents(at:)`, then dispatches it) when
/// the input's turn comes: on a live clock after every wait; on the virtual clock as soon as
/// the step cannot overtake the session (see `Runtime`), or at `nextDeadline` for an input
/// with times of its own. Whatever an input needs to know of the app (whether it is leaving)
/// comes with the call, from the runtime.
public protocol Input: AnyObject {
  /// The descriptor to poll for reading, or nil when there is none (or no longer: ended).
  var descriptor: Int32? { get }
  /// When the next step falls due by itself (a scenario's next entry); nil for an input that
  /// is typed as it arrives.
  var nextDeadline: Timestamp? { get }
  /// Whether a person types it as the run goes (the terminal). On the virtual clock the loop
  /// reads ahead in other inputs, waiting for their next line if need be, so what a line does
  /// never depends on when its writer wrote it; an interactive input is only looked at.
  var isInteractive: Bool { get }
  /// `descriptor` is readable, hung up or failed: reads what is there, the end included.
  func readAvailable()
  /// What `signal` (from the loop's signal pipe, at `now`) means here, given `state`, if
  /// anything. (It throws only for an input that writes what happens, `--record`.)
  func handle(signal: Int32, at now: Timestamp, in state: AppState) throws(SinkError)
    -> InputEvent?
  /// The input's next step as of `now`: the events it has ready (a line, the end, the
  /// entries of one instant), or none. It stays next until taken. `state` is the app as it
  /// stands.
  func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent]
  /// Removes the step `nextEvents` returned: it is typed now, at `now`.
  func takeNextEvents(at now: Timestamp) throws(SinkError)
}
