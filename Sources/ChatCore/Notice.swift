/// Something to tell the user outside the conversation itself.
public enum Notice: Hashable, Sendable {
  /// A conversation name cannot be used: it is empty, too long or malformed.
  case badName(NameError)
  /// `/part` of the session's own conversation, which is never closed.
  case cannotLeave(ConversationName)
  /// The open conversations, after `/list`.
  case conversations([ConversationSummary])
  /// The conversation commands, after `/help` with a conversation command or `conversations`.
  case conversationHelp
  /// The server's commands, after `/help` with a server command or `server`.
  case serverHelp
  /// The list of commands, after `/help`.
  case help
  /// How the network link is doing, and the nick you have there, after `/list` on a network.
  case link(LinkStatus, status: SessionStatus, nick: String)
  /// Joining a channel failed, for the other side's reason.
  case joinFailed(ConversationName, reason: String)
  /// Line `line` of the input (from 1) was skipped, for `problem` (`--input jsonl`).
  case malformedInput(line: Int, problem: String)
  /// The members of a channel, sorted, after `/names`, with who is away.
  case members(ConversationName, [Member])
  /// A command that needs an argument came without one; the notice shows how to use it.
  case missingArgument(Command.Name)
  /// A server's command was used without a server (the simulated peer).
  case needsServer(Command.Name)
  /// `/retry` found no failed message to send again.
  case nothingToRetry
  /// `/history` in the server's own conversation `name`, which has none to fetch.
  case noHistory(ConversationName)
  /// A join or part had no answer within `seconds` (`Timer.answerWait`): it is given up, and
  /// piped input held back for it goes on.
  case noAnswer(ChannelRequest, seconds: Int64)
  /// A channel command (`/names`, `/topic`) was used in a conversation that is no channel.
  case notAChannel(ConversationName)
  /// No conversation of that name or number is open.
  case notOpen(String)
  /// A line typed in the server's own conversation `name` (a network's, which takes no
  /// messages) was not sent: the notice names `/join` and `/msg`, where text does go.
  case notSent(ConversationName)
  /// `/reply N` or `/react N` named no message: the conversation `name` holds fewer than `back`.
  case noSuchMessage(back: Int, in: ConversationName)
  /// The message `/reply N` or `/react N` named has no server id (IRC's `msgid`), so it
  /// cannot be answered or reacted to.
  case noServerMessageID(back: Int)
  /// `/react`'s reaction is longer than `limit` bytes.
  case reactionTooLong(limit: Int)
  /// A line typed while leaving was not sent.
  case notSentWhileLeaving
  /// The server's answer to a question of the user's, at `time` (`Action.Session.replied`).
  case reply(SessionReply, time: Timestamp)
  /// `/search TEXT` (nil: `/search` alone): the full screen highlights TEXT in the active
  /// conversation, a change of its view only; the other renderers say it is the full screen's.
  case search(String?)
  /// What the session told at `time` (`Action.Session.noticed`).
  case session(SessionNotice, time: Timestamp)
  /// A conversation could not be opened: `limit` are open already.
  case tooManyConversations(limit: Int)
  /// More people type at once than chat follows (`limit`): the others are not shown. Once a
  /// run.
  case tooManyTyping(limit: Int)
  /// A channel's topic (nil: none is set), after `/topic` without text.
  case topic(ConversationName, String?)
  /// A line began with `/` but named no command.
  case unknownCommand(String)
}

/// One line of `/list`: a conversation, its number and what is unread in it.
public struct ConversationSummary: Hashable, Sendable {
  /// Its position in `/list`, from 1: what `/switch N` takes.
  public var number: Int
  /// Its name.
  public var name: ConversationName
  /// What kind it is.
  public var kind: Conversation.Kind
  /// Messages from others that arrived while it was not active.
  public var unreadCount: Int
  /// How many of the unread messages name you: part of `unreadCount`.
  public var mentionCount: Int
  /// Whether typed text goes to it.
  public var isActive: Bool

  /// Creates a summary.
  public init(
    number: Int, name: ConversationName, kind: Conversation.Kind, unreadCount: Int,
    isActive: Bool, mentionCount: Int = 0
  ) {
    self.number = number
    self.name = name
    self.kind = kind
    self.unreadCount = unreadCount
    self.isActive = isActive
    self.mentionCount = mentionCount
  }
}
