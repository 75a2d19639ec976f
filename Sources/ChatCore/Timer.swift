import FoundationEssentials

/// A deadline the core asks the runtime to watch. The core names a duration, never a clock
/// time: the runtime adds it to its own clock and reports back with `.system(.timerFired)`.
public enum Timer: Hashable, Sendable {
  /// Fail the message with this id if its echo has not arrived by then.
  case deliveryTimeout(UUID)
  /// Stop holding piped input back for the first channel of the start if it is not joined
  /// by then (a server that never answers the `JOIN`, or refuses it with a reply chat does
  /// not know as a refusal): the input goes on, and what it sends goes nowhere, said so.
  case firstChannelWait

  /// Hashes the id as two words: the runtime looks timers up for every message sent.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .deliveryTimeout(let id):
      let (high, low) = id.words
      hasher.combine(high)
      hasher.combine(low)
    case .firstChannelWait:
      hasher.combine(UInt64.max)
    }
  }
}
