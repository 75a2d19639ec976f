/// Something the user asked of the server that is no message and no conversation change:
/// the server's own commands (`/nick`, `/whois`, `/kick`, …), as data for the session.
///
/// The core checks names before it asks (a nick is a nick, a channel is a channel); the
/// session turns a request into its protocol's lines and reports what came of it: a change
/// (a nick, a member leaving), a reply (`Action.Session.replied`), or a notice. Only a
/// session with a server gets these: with the simulated peer the core answers that the
/// command needs one (`Notice.needsServer`).
public enum SessionRequest: Hashable, Sendable {
  /// Be known as `nick` from now on (`/nick`).
  case changeNick(String)
  /// Fetch the messages `range` names of `conversation` from the server's history: they
  /// arrive as received messages marked `isHistory`. A session whose server keeps no history
  /// does nothing.
  case fetchHistory(of: ConversationName, HistoryRange)
  /// Find the private chats that had messages after `since` (while the user was away) and
  /// fetch those messages, opening their conversations. A session whose server keeps no
  /// history does nothing.
  case fetchHistoryTargets(since: Timestamp)
  /// Tell the server that `conversation` has been read up to `time` (IRC's `MARKREAD`): a
  /// session whose server keeps no read markers does nothing.
  case markRead(ConversationName, upTo: Timestamp)
  /// Tell `conversation` that the user is typing, paused or stopped (IRC's `+typing`): a
  /// session whose server does not relay it does nothing.
  case sendTyping(ConversationName, TypingState)
  /// Invite `nick` into `channel` (`/invite`).
  case invite(String, to: ConversationName)
  /// Put `nick` out of `channel`, for `reason` if given (`/kick`).
  case kick(String, from: ConversationName, reason: String?)
  /// The server's channels, those matching `mask` when given (`/channels`).
  case listChannels(mask: String?)
  /// Change the server's watch list, or show it (`/monitor`): nicks as the core checked them.
  case monitor(MonitorRequest)
  /// Send `text` to `target` (a channel or a nick) as a notice: no reply is expected, and
  /// none is tracked as a message's echo is (`/notice`).
  case notice(to: ConversationName, text: String)
  /// React with `reaction` to the message the server calls `serverMessageID` in
  /// `conversation` (`/react`).
  case react(String, to: String, in: ConversationName)
  /// Send `line` to the server as it is (`/quote`): the session still paces it and turns CR,
  /// LF and NUL into spaces, so it stays one line.
  case rawLine(String)
  /// Mark you away with `message`, or back when nil (`/away`).
  case setAway(String?)
  /// Be known by the real name `name` (`/setname`).
  case setRealName(String)
  /// Give (`adding`) or take `mode` to or from each of `targets` in `channel`: nicks, or for
  /// a ban masks too (`/op`, `/deop`, `/voice`, `/devoice`, `/ban`, `/unban`). The session
  /// groups them into as few lines as the server takes.
  case setMemberMode(MemberMode, adding: Bool, targets: [String], in: ConversationName)
  /// Change the modes of `target` (a channel, or your nick) as `modes` says (`+nt`, `-k`,
  /// `+o bob`: the words as typed); with none, ask for them (`/mode`).
  case setModes(of: String, modes: [String])
  /// Who matches `mask` (a channel, a nick or a pattern) (`/who`).
  case who(String)
  /// Who `nick` is: where from, which channels, since when idle (`/whois`).
  case whois(String)
}

/// A channel mode a member is given or loses, as the short commands name them.
public enum MemberMode: String, Hashable, Sendable, CaseIterable {
  /// A channel operator (`/op`, `/deop`).
  case `operator`
  /// A voiced member (`/voice`, `/devoice`).
  case voice
  /// Banned from the channel (`/ban`, `/unban`): a nick or a mask.
  case ban
}
