import ChatCore
import FoundationEssentials

/// A `PRIVMSG`, `NOTICE` or CTCP `ACTION` that arrived.
public struct IRCIncomingMessage: Hashable, Sendable {
  /// What kind of message it is.
  public enum Kind: Hashable, Sendable {
    /// A `PRIVMSG`.
    case message
    /// A `NOTICE`.
    case notice
    /// A CTCP `ACTION` (`/me`); `text` is the action without its CTCP framing.
    case action
  }

  /// What kind of message it is.
  public var kind: Kind
  /// The sender's nick.
  public var sender: String
  /// The sender's full source (`nick!user@host`).
  public var source: String
  /// The target as sent: a channel, or our nick.
  public var target: String
  /// Where it belongs: the channel, or for a private message the other person's nick.
  public var conversation: String
  /// Whether it was sent to us alone rather than to a channel.
  public var isPrivate: Bool
  /// The text exactly as received, formatting codes included.
  public var text: String
  /// The server's message id (`msgid`), if it sent one.
  public var msgid: String?
  /// The server's time for it (`server-time`), if it sent one.
  public var serverTime: Timestamp?
  /// The account its sender was logged in to (`account-tag`), if the server said.
  public var account: String?
  /// Whether the server tagged its sender as a bot (the `bot` tag, ISUPPORT `BOT`).
  public var isBot: Bool
  /// The msgid of the message it answers (the `+draft/reply` client tag, or `+reply`).
  public var replyTo: String?
  /// When it arrived here.
  public var receivedAt: Timestamp
  /// Whether it came in a history batch (`BATCH chathistory`): an old message replayed.
  public var isHistory: Bool
  /// Whether we sent it (from another client, or in a history replay).
  public var isOwn: Bool
  /// Whether it is news that names us (our nick as a word, under the server's case mapping)
  /// or is private; never history, which is no mention.
  public var mentionsUs: Bool
  /// The caller's id of our message it repeats, when it is a line of one confirmed before (a
  /// history replayed on rejoining holds them again, by msgid): the message already shown.
  public var ownMessageID: UUID?

  /// Creates a received message.
  public init(
    kind: Kind, sender: String, source: String, target: String, conversation: String,
    isPrivate: Bool, text: String, msgid: String? = nil, serverTime: Timestamp? = nil,
    receivedAt: Timestamp, isHistory: Bool = false, isOwn: Bool = false, mentionsUs: Bool = false,
    ownMessageID: UUID? = nil, account: String? = nil, isBot: Bool = false,
    replyTo: String? = nil
  ) {
    self.kind = kind
    self.sender = sender
    self.source = source
    self.target = target
    self.conversation = conversation
    self.isPrivate = isPrivate
    self.text = text
    self.msgid = msgid
    self.serverTime = serverTime
    self.receivedAt = receivedAt
    self.isHistory = isHistory
    self.isOwn = isOwn
    self.mentionsUs = mentionsUs
    self.ownMessageID = ownMessageID
    self.account = account
    self.isBot = isBot
    self.replyTo = replyTo
  }

  /// The server's time when it sent one, else the time it arrived.
  public var time: Timestamp { serverTime ?? receivedAt }
}
