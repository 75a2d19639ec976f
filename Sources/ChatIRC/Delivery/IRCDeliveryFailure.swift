import ChatCore
import FoundationEssentials

/// Our messages that did not get through, or may not have, all for one reason: one refused,
/// or several that one step took (a lost link, a history that does not have them, a
/// confirmation limit reached).
public struct IRCDeliveryFailure: Hashable, Sendable {
  /// The caller's ids of the messages, in the order they were sent.
  public var ids: [UUID]
  /// Why, for the whole message: the server's own words when it gave any (`the server refused
  /// it (404): …`), and which part when it went out in several (`part 2 of 3: …`).
  public var reason: String
  /// History lines of theirs (lines confirmed before another failed, replayed on rejoining)
  /// held while they were pending: lines of ours that did arrive, to be shown as such.
  public var history: [IRCIncomingMessage]

  /// Creates a failure.
  public init(ids: [UUID], reason: String, history: [IRCIncomingMessage] = []) {
    self.ids = ids
    self.reason = reason
    self.history = history
  }
}

extension IRCDeliveryFailure {
  /// How every reason for a line whose confirmation a lost link took begins, whatever is
  /// learnt of it later.
  public static func lostLink(_ reason: String) -> String {
    "the connection was lost before the server confirmed it (\(reason))"
  }

  /// The reason for such a line when nothing more can be known of it.
  public static func lostLinkUndecided(_ reason: String) -> String {
    lostLink(reason) + ": it may or may not have arrived"
  }

  /// The reason for a line that never went out before the link was lost.
  static func notSent(_ reason: String) -> String {
    "not sent: the connection was lost (\(reason))"
  }

  /// The whole message's reason for its line `part` of `parts` failing: `code` is the
  /// server's numeric or `FAIL` code, nil when chat decided.
  static func reason(_ reason: String, code: String?, part: Int, parts: Int) -> String {
    var reason = reason
    if let code { reason = "the server refused it (\(code)): \(reason)" }
    if parts > 1 { reason = "part \(part + 1) of \(parts): \(reason)" }
    return reason
  }
}
