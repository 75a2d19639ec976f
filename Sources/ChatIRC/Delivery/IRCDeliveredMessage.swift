import ChatCore
import FoundationEssentials

/// One of our messages, confirmed whole by the server: every line it went out as.
public struct IRCDeliveredMessage: Hashable, Sendable {
  /// The caller's id of the message.
  public var id: UUID
  /// The target it went to, as the caller gave it.
  public var target: String
  /// The text as the caller gave it (for an action, without its CTCP framing).
  public var text: String
  /// Whether it is an action (`/me`).
  public var isAction: Bool
  /// When it entered the conversation: the time of its first line's confirmation (the
  /// server's when it gave one).
  public var time: Timestamp
  /// The server's id of its first line, when it echoed one.
  public var msgid: String?
  /// How many lines it went out as.
  public var parts: Int

  /// Creates a delivered message.
  public init(
    id: UUID, target: String, text: String, isAction: Bool = false, time: Timestamp,
    msgid: String? = nil, parts: Int = 1
  ) {
    self.id = id
    self.target = target
    self.text = text
    self.isAction = isAction
    self.time = time
    self.msgid = msgid
    self.parts = parts
  }
}
