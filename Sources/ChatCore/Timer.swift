import FoundationEssentials

/// A deadline the core asks the runtime to watch. The core names a duration, never a clock
/// time: the runtime adds it to its own clock and reports back with `.system(.timerFired)`.
public enum Timer: Hashable, Sendable {
  /// Fail the message with this id if its echo has not arrived by then.
  case deliveryTimeout(UUID)
  /// Give up the joins and parts still unanswered (`AppState.channelRequests`) if no answer
  /// has come by then (a server that never answers a `JOIN`, or refuses it with a reply chat
  /// does not know as a refusal): each is said so, piped input held back for them goes on,
  /// and a leaving run stops waiting for them. Started again by every request and every
  /// connection while one is unanswered.
  case answerWait
  /// Ask the server to mark read the conversations waiting to (`ReadMarker`), each up to the
  /// newest time asked meanwhile: at most once a second per conversation.
  case readMarkers
  /// Stop showing those typing who were not heard from for 6 s (`Typists`).
  case typingExpiry
  /// Tell the conversation the user is typing in that they paused (5 s without a key).
  case typingPaused
  /// Tell the conversation the user is typing in what it should be told, now that 3 s have
  /// passed since the last notification there (`OwnTyping`).
  case typingDue

  /// Hashes the id as two words: the runtime looks timers up for every message sent.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .deliveryTimeout(let id):
      let (high, low) = id.words
      hasher.combine(high)
      hasher.combine(low)
    case .answerWait:
      hasher.combine(UInt64.max)
    case .readMarkers:
      hasher.combine(UInt64.max - 1)
    case .typingExpiry:
      hasher.combine(UInt64.max - 2)
    case .typingPaused:
      hasher.combine(UInt64.max - 3)
    case .typingDue:
      hasher.combine(UInt64.max - 4)
    }
  }
}
