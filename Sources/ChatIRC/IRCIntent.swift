import ChatCore
import FoundationEssentials

/// What the user asks of the connection.
public enum IRCIntent: Hashable, Sendable {
  /// Send `text` to `target` (a channel or a nick) as a message, or as an action (`/me`).
  /// `id` is the caller's; `label`, if given, is used for `labeled-response` (else one is
  /// derived from a counter).
  /// `replyTo` is the msgid of the message it answers (sent as the `+draft/reply` tag).
  case send(
    id: UUID, target: String, text: String, isAction: Bool = false, label: String? = nil,
    replyTo: String? = nil)
  /// Join `channel`, with its `key` if it has one (`+k`): the key is kept to join it again
  /// after a reconnect, and never shows in a recording (`IRCOutput.sensitiveLines`).
  case join(channel: String, key: String? = nil)
  /// Leave `channel`.
  case part(channel: String, reason: String? = nil)
  /// Set the topic of `channel` to `text` (`TOPIC`): the server's `TOPIC` echo reports it
  /// set, and a refusal (`482`, not a channel operator on `+t`) comes back as a reply.
  case setTopic(channel: String, text: String)
  /// Change our nick.
  case changeNick(String)
  /// Leave the server politely; lines already queued go first.
  case quit(reason: String? = nil)
  /// Fetch `range` of `target`'s history (`CHATHISTORY`), when the server keeps it (see
  /// `IRCClient+ChatHistory`); ignored where it does not.
  case fetchHistory(target: String, HistoryRange)
  /// Tell `target` that we are typing, paused or stopped (`TAGMSG` with `+typing`), where the
  /// server relays client tags (`message-tags`, and `typing` not in `CLIENTTAGDENY`). Written
  /// at once, never queued: ahead of lines waiting for the pacing allowance, taking none, and
  /// never recorded (see `IRCOutput.ephemeralLines`).
  case typing(target: String, TypingState)
  /// Tell the server the account has read `target` up to `time` (`MARKREAD`, with
  /// `draft/read-marker`), at once and taking no pacing allowance; ignored where the server
  /// does not keep read markers.
  case markRead(target: String, time: Timestamp)
  /// Find the private chats with messages after `since` (`CHATHISTORY TARGETS`) and fetch
  /// those messages (`AFTER timestamp=`), where the server keeps history.
  case fetchHistoryTargets(since: Timestamp)

  /// Invite `nick` into `channel` (`INVITE`); the server's `341` confirms it.
  case invite(nick: String, channel: String)
  /// Put `nick` out of `channel` for `reason` (`KICK`); the `KICK` seen confirms it.
  case kick(nick: String, channel: String, reason: String?)
  /// The server's channels, those matching `mask` if given (`LIST`), collected until `323`.
  case listChannels(mask: String?)
  /// Send `text` to `target` as a `NOTICE`: paced, split to fit the line, and shown as ours
  /// (by the server's echo with `echo-message`, else as written).
  case notice(target: String, text: String)
  /// Change the watch list (`MONITOR + nicks`, `MONITOR - nicks`), or show it: the list is
  /// the client's, kept across connections; the server tells who is online.
  case monitor(MonitorRequest)
  /// React with `reaction` to the message `msgid` in `target` (`TAGMSG` with `+draft/react`
  /// and `+draft/reply`), where the server takes those client tags (`message-tags`,
  /// `CLIENTTAGDENY`).
  case react(target: String, msgid: String, reaction: String)
  /// Send `line` as it is, after the queued lines and paced as they are; CR, LF and NUL in it
  /// become spaces. A line with a secret (`PASS`, `OPER`, …) is written but never recorded
  /// (`SecretRedaction`). The replies that nothing else shows are shown until the server has
  /// answered it (a `PING` after it comes back).
  case rawLine(String)
  /// Mark us away with `message`, or back when nil (`AWAY`); `306` and `305` confirm it.
  case setAway(message: String?)
  /// Be known by the real name `name` (`SETNAME`, with the `setname` capability only; the
  /// server's `SETNAME` back confirms it).
  case setRealName(String)
  /// Give (`adding`) or take `mode` to or from `targets` in `channel`, as few `MODE` lines as
  /// the server's `MODES` allows; a ban's nick becomes the mask `nick!*@*`.
  case setMemberMode(MemberMode, adding: Bool, targets: [String], channel: String)
  /// Change the modes of `target` as the words `modes` say, or ask for them when empty
  /// (`MODE`); `324` or `221` answers a question.
  case setModes(target: String, modes: [String])
  /// Who matches `mask` (`WHO`), collected until `315`.
  case who(mask: String)
  /// Who `nick` is (`WHOIS`), collected until `318` into one reply.
  case whois(nick: String)
}
