/// Something that happened to a conversation, other than a message: what renderers show as
/// "joined", "left", "topic" lines and what JSON lines report.
///
/// `AppState.events` keeps the most recent ones and `AppState.eventCount` counts them all, so
/// a renderer finds the new ones from the count it saw last, as it does for messages.
public struct ConversationEvent: Hashable, Sendable {
  /// What happened.
  public enum Change: Hashable, Sendable {
    /// The conversation became the active one.
    case activated
    /// The conversation was closed: you left the channel (`reason` as given) or closed the
    /// private chat.
    case closed(reason: String?)
    /// `by` invited `nick` (nil: you) into the channel `channel`.
    case invited(String?, channel: String, by: String)
    /// `by` removed `nick` (nil: you) from the channel, for `reason` if one was given. When
    /// it is you, the channel's `closed` follows at once.
    case kicked(String?, by: String, reason: String?)
    /// Someone in the conversation went away with a message, or came back (nil).
    case memberAwayChanged(String, message: String?)
    /// Someone in the conversation logged in or out, or changed host or real name.
    case memberChanged(String, MemberChange)
    /// Someone joined the channel.
    case memberJoined(String)
    /// Someone left the channel.
    case memberLeft(String, reason: String?)
    /// Someone in the conversation quit the network.
    case memberQuit(String, reason: String?)
    /// Someone in the conversation changed their nick (a private chat is renamed with them).
    case memberRenamed(from: String, to: String)
    /// `by` changed the channel's modes (`+o bob`, as the network wrote them).
    case modesChanged(String, by: String)
    /// The channel's member list arrived, with this many members.
    case membersListed(count: Int)
    /// People came back into the channel when the netsplit `servers` healed.
    case netjoin(nicks: [String], servers: String)
    /// A netsplit between `servers` took these people in the conversation off the network.
    case netsplit(nicks: [String], servers: String)
    /// The server's read marker moved (IRC's `draft/read-marker`): the conversation is read up
    /// to the event's time, with `unread` messages newer (`mentions` of them naming you).
    case read(unread: Int, mentions: Int)
    /// Someone in the conversation is typing, paused or stopped (IRC's `+typing`; `done` also
    /// when nothing was heard from them for 6 s).
    case typing(String, TypingState)
    /// The conversation was opened: you joined a channel, or a private chat began.
    case opened(Conversation.Kind)
    /// Someone reacted to a message of the conversation; `counts` are all the message's
    /// reactions so far, this one included (`👍 2`). (Indirect: several strings.)
    indirect case reacted(Reaction, counts: [ReactionCount])
    /// The server renamed the channel: it was called `from` (for `reason` if one was given);
    /// `conversation` is its new name.
    case renamed(from: String, reason: String?)
    /// The channel's topic changed (nil: cleared), by `by` when known.
    case topicChanged(String?, by: String?)
  }

  /// The conversation it happened to (its name after the change).
  public var conversation: ConversationName
  /// What happened.
  public var change: Change
  /// When it happened.
  public var time: Timestamp

  /// Creates an event.
  public init(_ change: Change, in conversation: ConversationName, time: Timestamp) {
    self.conversation = conversation
    self.change = change
    self.time = time
  }
}
