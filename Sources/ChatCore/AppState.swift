/// Everything the app knows. Renderers show it; only `update` changes it.
public struct AppState: Equatable, Sendable {
  /// The conversation's title, as in the seed's navigation bar.
  public var title = "Conversation"
  /// The local user's name, stamped on every message they send.
  public var localName = "PersonA"
  /// The most recent messages that have entered the conversation, oldest first.
  public var messages = Scrollback()
  /// How many messages have ever entered the conversation; renderers use it to find new ones.
  public var messageCount = 0
  /// Sent messages whose echo has not come back yet, oldest first.
  public var outbox: [Message] = []
  /// How many messages have ever been sent; renderers use it to find new sends.
  public var sentCount = 0
  /// Echoed messages still waiting for the other side's reply.
  public var awaitingReplies = 0
  /// Sent messages the session reported undeliverable, oldest first.
  public var failed: [Message] = []
  /// The session's connection, as last reported.
  public var sessionStatus = SessionStatus.disconnected
  /// Whether the app is taking input, finishing what is in flight, or done.
  public var phase = Phase.active

  /// Creates the state a conversation starts in, keeping at most `scrollback` messages.
  public init(
    title: String = "Conversation", localName: String = "PersonA",
    scrollback: Int = Scrollback.defaultLimit
  ) {
    self.title = title
    self.localName = localName
    self.messages = Scrollback(limit: scrollback)
  }

  /// The lifecycle of a run.
  public enum Phase: Hashable, Sendable {
    /// Taking input.
    case active
    /// Input is over; waiting for echoes and replies still in flight.
    case draining
    /// Nothing more will happen.
    case finished
  }

  /// Whether every sent message has been echoed and answered (or has failed).
  public var isSettled: Bool { outbox.isEmpty && awaitingReplies == 0 }

  /// Messages still waiting for their echo or their reply.
  public var inFlightCount: Int { outbox.count + awaitingReplies }
}
