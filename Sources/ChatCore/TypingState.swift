/// What someone's typing looks like, as IRC's `+typing` client tag says it.
public enum TypingState: String, Hashable, Sendable, CaseIterable {
  /// Typing now.
  case active
  /// Has typed something, and stopped for a while.
  case paused
  /// Stopped: the line was cleared or sent (or, for someone else, nothing was heard for a
  /// while).
  case done
}
