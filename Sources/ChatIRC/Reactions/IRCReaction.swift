/// A reaction to a message, as a `TAGMSG` carried it (`+draft/react` and `+draft/reply`).
public struct IRCReaction: Hashable, Sendable {
  /// Who reacted.
  public var sender: String
  /// Where: the channel, or for a private one the other person's nick.
  public var conversation: String
  /// The msgid of the message reacted to.
  public var msgid: String
  /// The reaction (`👍`).
  public var reaction: String
  /// Whether we reacted (our echo, or another client of ours).
  public var isOwn: Bool

  /// Creates a reaction.
  public init(
    sender: String, conversation: String, msgid: String, reaction: String, isOwn: Bool = false
  ) {
    self.sender = sender
    self.conversation = conversation
    self.msgid = msgid
    self.reaction = reaction
    self.isOwn = isOwn
  }
}
