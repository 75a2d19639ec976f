/// One conversation: a channel, a private chat with one person, or the session's own.
public struct Conversation: Equatable, Sendable {
  /// What kind of conversation it is.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A channel, joined through the session; it has members and a topic.
    case channel
    /// A private chat with one person, named after them.
    case privateChat = "private"
    /// What the session itself says: the seed's conversation with the simulated peer, or an
    /// IRC server's own messages. It is always the first and is never closed.
    case server
  }

  /// Its name. Changes only when the person of a private chat changes their nick.
  public internal(set) var name: ConversationName
  /// What kind it is.
  public let kind: Kind
  /// Where its most recent messages are: their numbers as `AppState.messageCount` counted
  /// them (the first message is 1), oldest first, bounded (see `ConversationList`). The
  /// messages themselves are kept once, in `AppState.messages`; `AppState.messages(in:)`
  /// reads them. A number is 8 bytes and no reference, so this costs no copy of a message.
  public internal(set) var messageNumbers: Ring<Int>
  /// Who is in it: channels only, nil elsewhere.
  public internal(set) var members: Members?
  /// Its topic, when a channel has one.
  public internal(set) var topic: String?
  /// How many messages from others entered it while it was not the active one.
  public internal(set) var unreadCount = 0
  /// How many of the unread messages name you (`Message.isMention`): part of `unreadCount`.
  public internal(set) var mentionCount = 0
  /// Where it has been read up to, as a server that keeps read markers said (with another
  /// connection of the account too), and what chat asked it to mark.
  public internal(set) var readMarker = ReadMarker()

  /// Creates an empty conversation keeping at most `scrollback` message numbers.
  public init(name: ConversationName, kind: Kind, scrollback: Int) {
    self.name = name
    self.kind = kind
    self.messageNumbers = Ring(limit: scrollback)
    self.members = kind == .channel ? Members() : nil
  }
}
