/// A message the user sent that was not delivered, with why: what `AppState.failed` keeps,
/// and what every renderer shows in the message's own conversation (JSON lines' `failed`
/// object carries the reason as `reason`).
public struct FailedMessage: Hashable, Sendable {
  /// The message, its time the moment it failed.
  public var message: Message
  /// Why, in words for the user (the server's own when it gave any). It may come from the
  /// server: renderers sanitise it before showing it, and JSON lines escape it.
  public var reason: String

  /// Creates a failed message.
  public init(_ message: Message, reason: String) {
    self.message = message
    self.reason = reason
  }
}
