import FoundationEssentials

/// Everything that can happen to the app, named after what happened and nested by source.
public enum Action: Hashable, Sendable {
  /// The session reported something.
  case session(Session)
  /// The program's surroundings changed: input ended, a signal arrived.
  case system(System)
  /// The local user did something.
  case user(User)

  /// Events reported by a session, simulated or real.
  public enum Session: Hashable, Sendable {
    /// The session confirms delivery itself, with a timeout of its own (a network session
    /// counts from when a line is written, since pacing may hold it): the core sets none.
    /// Told once, before anything else.
    case confirmsDelivery
    /// The connection came up at `time`.
    case connected(time: Timestamp)
    /// The session started connecting at `time`.
    case connecting(time: Timestamp)
    /// Messages the user sent could not be delivered, all for one `reason`, as found at
    /// `time`: one refused, or several that a lost link took. The core tells the user once
    /// for them all, and keeps the reason with each (`AppState.failed`).
    case deliveryFailed(ids: [UUID], reason: String, time: Timestamp)
    /// The connection went down at `time`, or an attempt to make it failed: why, and whether
    /// the session tries again. The core tells the user (the session sends no notice beside).
    case disconnected(Disconnection, time: Timestamp)
    /// A message the user sent came back from the other side: it is now in the conversation.
    case echoed(Message)
    /// The session expects nothing more that the user waits for (no reply on its way), as the
    /// runtime found while the app was leaving: a leaving run with nothing in flight ends.
    case expectsNothingMore
    /// The session gave up for good (the failure says why, and with which exit status): the
    /// run ends with that status, unless `AppState.endsWhenSessionGivesUp` is false (a person
    /// at the terminal reads why and leaves when they like).
    /// Messages held for a connection fail then (it will not come), and so does every message
    /// sent after it, at once.
    case gaveUp(SessionFailure, time: Timestamp)
    /// The server renamed the channel `name` to `to` (IRCv3 `draft/channel-rename`), for
    /// `reason` if one was given: the conversation keeps everything under its new name.
    case channelRenamed(ConversationName, to: ConversationName, reason: String?, time: Timestamp)
    /// Joining the channel `name` failed, for the other side's `reason`.
    case joinFailed(ConversationName, reason: String, time: Timestamp)
    /// You joined the channel `name`.
    case joined(ConversationName, time: Timestamp)
    /// `by` removed you from the channel `name` (an IRC `KICK`), for `reason` if one was given:
    /// the channel closes, as when you leave it.
    case kicked(ConversationName, by: String, reason: String?, time: Timestamp)
    /// You left the channel `name` (you parted), for `reason` if one was given.
    case left(ConversationName, reason: String?, time: Timestamp)
    /// The network link's status changed: lines waiting to go out, the measured lag. Sent
    /// when it changes, not per line.
    case linkChanged(LinkStatus, time: Timestamp)
    /// `by` invited `nick` (you, or someone into a channel of yours) into `channel`: shown in
    /// the channel when it is open, else in the session's own conversation.
    case invited(String, channel: ConversationName, by: String, time: Timestamp)
    /// The server says the conversation `name` has been read up to `time` (IRC's
    /// `draft/read-marker`: from this connection, or another of the account).
    case markedRead(ConversationName, upTo: Timestamp)
    /// `nick` went away with `message`, or came back (nil): shown in every conversation they
    /// share with you, and marked in `/names` while away.
    case memberAwayChanged(String, message: String?, time: Timestamp)
    /// `member` joined the channel `name` (with their account and real name where the network
    /// said). Indirect: a member is six strings, kept out of `Action`'s size.
    indirect case memberJoined(Member, channel: ConversationName, time: Timestamp)
    /// `nick`'s account, host or real name changed: kept in every channel they are in, and
    /// shown in every conversation they share with you.
    case memberChanged(String, MemberChange, time: Timestamp)
    /// `by` removed `nick` from the channel `name` (an IRC `KICK`), for `reason` if one was
    /// given.
    case memberKicked(
      String, channel: ConversationName, by: String, reason: String?, time: Timestamp)
    /// The session now takes a message of several lines as one (IRC's `draft/multiline`),
    /// or no longer does: a paste of several lines is then one message
    /// (`AppState.typedLines(pasted:)`). Said when it changes; a new connection starts
    /// without.
    case multilineChanged(available: Bool)
    /// `nick` left the channel `name`.
    case memberLeft(String, channel: ConversationName, reason: String?, time: Timestamp)
    /// `nick` quit the network: they leave every channel, and their private chat goes quiet.
    case memberQuit(String, reason: String?, time: Timestamp)
    /// The member list of the channel `name` arrived, each with their prefixes (and user and
    /// host where the network said): it replaces what was known, keeping who is away and
    /// their account where the list does not say.
    case membersListed(ConversationName, [Member], time: Timestamp)
    /// `nick` is typing in the conversation `name`, or paused or stopped (IRC's `+typing`).
    case memberTyping(String, in: ConversationName, TypingState, time: Timestamp)
    /// A `WHO` of the channel `name` said of its members their account (nil: none), whether
    /// they are away (an away message, empty when not known: WHOX says only that they are),
    /// their user, host and real name: kept with the members, without a line for each.
    case membersDescribed(ConversationName, [Member], time: Timestamp)
    /// The network's rules for names changed (an IRC server's `CHANTYPES`, `CASEMAPPING`,
    /// `CHANNELLEN`, `NICKLEN`): names are checked and compared by them from now on.
    case nameRulesChanged(NameRules)
    /// `by` changed the modes of the channel `name` (`modes` as the network wrote them),
    /// giving or taking the member ranks `ranks`.
    case modesChanged(
      ConversationName, modes: String, by: String, ranks: [RankChange], time: Timestamp)
    /// `nicks` came back into the channel `channel` when the netsplit `servers` (the two
    /// servers' names, or `*.net *.split`) healed: one notice for them all.
    case netjoin(servers: String, nicks: [String], channel: ConversationName, time: Timestamp)
    /// A netsplit between the servers `servers` names took `nicks` off the network: each
    /// leaves every channel, as a quit does, with one notice per conversation for them all.
    case netsplit(servers: String, nicks: [String], time: Timestamp)
    /// Someone changed their nick from `old` to `new`; when `old` is yours, so did you.
    case nickChanged(from: String, to: String, time: Timestamp)
    /// Something the user should know that is no conversation message happened at `time`
    /// (a nick fallback, a split message, a reconnect). Failures and disconnects are not told
    /// so: their actions carry their reasons, and the core words the notice.
    case noticed(SessionNotice, time: Timestamp)
    /// The server answered a question of the user's (`/whois`, `/who`, `/channels`) at
    /// `time`, with a block of facts shown together.
    case replied(SessionReply, time: Timestamp)
    /// Someone reacted to a message (IRCv3 `+draft/react`), at `time`: counted with the
    /// message's other reactions and shown in its conversation. (Indirect: a reaction is
    /// several strings.)
    indirect case reacted(Reaction, time: Timestamp)
    /// Someone else's message arrived; `inReplyTo` names the message of ours it answers, when
    /// the session knows.
    case received(Message, inReplyTo: UUID? = nil)
    /// The server itself said `message` (a notice, before registering or after): it enters
    /// the session's own conversation, whatever conversation it names.
    case serverNoticed(Message)
    /// The server demands TLS from now on (a policy to keep across runs), as learned at `time`
    /// over a verified TLS connection.
    case transportPolicyLearned(TransportPolicy, time: Timestamp)
    /// The server said to forget the TLS policy of `host` (a zero duration).
    case transportPolicyDropped(host: String)
    /// The network registered you as `nick` at `time` (after `.connected`): when that is not
    /// the name the core knows you by (a fallback nick), you are renamed, as by a nick change.
    case registeredAs(String, time: Timestamp)
    /// The topic of the channel `name` changed (nil: cleared), by `by` when known.
    case topicChanged(ConversationName, topic: String?, by: String?, time: Timestamp)
  }

  /// Events from the program's surroundings.
  public enum System: Hashable, Sendable {
    /// The input closed (end of a pipe, Ctrl-D, end of a scenario).
    case endOfInput
    /// Line `number` of the input (counted from 1) could not be read, for `problem`
    /// (`--input jsonl`); the lines around it are read as usual.
    case malformedInputLine(number: Int, problem: String)
    /// The program was told to stop at once (SIGTERM, SIGHUP, a second Ctrl-C).
    case terminated
    /// A timer the core scheduled came due at `time`.
    case timerFired(Timer, time: Timestamp)
  }

  /// Things the local user did. Conversation names arrive as typed: the core checks them.
  public enum User: Hashable, Sendable {
    /// The user asked to join the channel `name` (`/join`).
    case joinRequested(String, time: Timestamp)
    /// The line being edited changed to `text` at `time` (line mode only; empty once cleared
    /// or sent).
    case lineEdited(String, time: Timestamp)
    /// The user asked to leave `name`, or the active conversation when nil (`/part`).
    case leaveRequested(String?, reason: String?, time: Timestamp)
    /// The user opened a private chat with `nick` and switched to it (`/query`).
    case openedPrivateChat(with: String, time: Timestamp)
    /// The user asked to leave: the first request waits for replies in flight, a second quits.
    case quitRequested
    /// A program driving chat asked for `request` (`--input jsonl`): what the same typed
    /// command does, with nothing read as a command. `id` and `time` are stamped by the runtime.
    case requested(Request, id: UUID, time: Timestamp)
    /// The user scrolled the active conversation to the oldest message chat holds (PgUp at
    /// the top of the full screen).
    case scrolledPastOldest(time: Timestamp)
    /// The user finished a line. `id` and `time` are stamped by the runtime.
    case submitted(text: String, id: UUID, time: Timestamp)
    /// The user switched to the conversation named `target`, or numbered so in `/list`.
    case switched(to: String, time: Timestamp)
  }
}
