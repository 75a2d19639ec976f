import ChatCore
import FoundationEssentials

/// One line of a message we sent that did not get through, or may not have.
public struct IRCDeliveryFailure: Hashable, Sendable {
  /// The caller's id of the message.
  public var id: UUID
  /// Which line of the message, from 0.
  public var part: Int
  /// How many lines the message went out as.
  public var parts: Int
  /// The server's numeric or `FAIL` code (`404`, `FAIL PRIVMSG …`); nil when chat decided.
  public var code: String?
  /// Why, in the server's own words when it gave any.
  public var reason: String

  /// Creates a failure.
  public init(id: UUID, part: Int, parts: Int, code: String? = nil, reason: String) {
    self.id = id
    self.part = part
    self.parts = parts
    self.code = code
    self.reason = reason
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
}
