import FoundationEssentials

/// Everything that can happen to the app, named after what happened and nested by source.
public enum Action: Hashable, Sendable {
  /// The session reported something.
  case session(Session)
  /// The program's surroundings changed: input ended, a signal arrived.
  case system(System)
  /// The local user did something.
  case user(User)

  /// Events reported by a session, simulated or real.
  public enum Session: Hashable, Sendable {
    /// The connection came up at `time`.
    case connected(time: Timestamp)
    /// The session started connecting at `time`.
    case connecting(time: Timestamp)
    /// A message the user sent could not be delivered, as found at `time`.
    case deliveryFailed(id: UUID, reason: String, time: Timestamp)
    /// The connection went down at `time`.
    case disconnected(reason: String, time: Timestamp)
    /// A message the user sent came back from the other side: it is now in the conversation.
    case echoed(Message)
    /// The session expects nothing more that the user waits for (no reply on its way), as the
    /// runtime found while the app was leaving: a leaving run with nothing in flight ends.
    case expectsNothingMore
    /// Someone else's message arrived; `inReplyTo` names the message of ours it answers, when
    /// the session knows.
    case received(Message, inReplyTo: UUID? = nil)
  }

  /// Events from the program's surroundings.
  public enum System: Hashable, Sendable {
    /// The input closed (end of a pipe, Ctrl-D, end of a scenario).
    case endOfInput
    /// The program was told to stop at once (SIGTERM, SIGHUP, a second Ctrl-C).
    case terminated
    /// A timer the core scheduled came due at `time`.
    case timerFired(Timer, time: Timestamp)
  }

  /// Things the local user did.
  public enum User: Hashable, Sendable {
    /// The user asked to leave: the first request waits for replies in flight, a second quits.
    case quitRequested
    /// The user finished a line. `id` and `time` are stamped by the runtime.
    case submitted(text: String, id: UUID, time: Timestamp)
  }
}
