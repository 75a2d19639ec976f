import ChatCore
import FoundationEssentials

/// What the protocol state machine tells its session: one thing that happened on the link.
///
/// Names are as the server sent them (compare them with `IRCClient.support.caseMapping`).
/// Every string here comes from the server and must pass the sanitiser before it is shown.
public enum IRCEvent: Hashable, Sendable {
  /// The server accepted us (`001`) under `nick`; channels are joined now.
  case registered(nick: String)
  /// A nick was refused while registering (`433` taken, `432` invalid); `fallback` is tried.
  case nickRejected(nick: String, reason: String, fallback: String)
  /// Our own nick changed, by our `NICK` or the server's doing.
  case nickChanged(from: String, to: String)
  /// A `NICK` we asked for after registering was refused.
  case nickChangeFailed(nick: String, reason: String)
  /// The server's `ISUPPORT` changed (after each `005` line that changed something).
  case serverSupport(ISupport)
  /// The server said it accepts only UTF-8 (`UTF8ONLY`, once a connection). chat sends
  /// nothing else: every line is a Swift `String`, and input that was not UTF-8 was repaired
  /// (U+FFFD) before it became one.
  case utf8Only
  /// The capabilities the server agreed to, after negotiation or a later change.
  case capabilities(Set<String>)
  /// After registration, capabilities went `on` (asked for after a `CAP NEW`) or `off` (a
  /// `CAP DEL`), each list sorted.
  case capabilitiesChanged(on: [String], off: [String])
  /// SASL succeeded (`903`, or `907` already authenticated); `account` as `900` named it.
  case authenticated(account: String?)
  /// SASL failed or could not be tried, with the reason in words (the server's own when it
  /// gave any; never a secret). Required SASL: a `disconnected` follows and chat does not
  /// register. Optional SASL: the reason says registration goes on without an account.
  case authenticationFailed(reason: String)
  /// A plaintext connection was offered an `sts` upgrade: reconnect to the same host over
  /// TLS on `port`. This connection is closed (a `disconnected` follows) without registering.
  case stsUpgradeRequired(port: Int)
  /// A verified TLS connection carries an `sts` persistence policy: keep it (only TLS to
  /// its host and port for its duration, counted from now).
  case stsPolicyUpdated(IRCSTSPolicy)
  /// A verified TLS connection said `sts` `duration=0`: forget the policy for `host`.
  case stsPolicyRemoved(host: String)

  /// We are in `channel`.
  case joined(channel: String)
  /// Joining `channel` failed, with the server's reason (or ours: a name the server's
  /// `CHANTYPES` does not allow, a join asked for while not connected).
  case joinFailed(channel: String, reason: String)
  /// We left `channel`.
  case parted(channel: String, reason: String?)
  /// `by` put us out of `channel`.
  case kicked(channel: String, by: String, reason: String?)
  /// `draft/channel-rename`: the channel `from`, which we are in, is called `to` from now on,
  /// for `reason` when the server gave one.
  case channelRenamed(from: String, to: String, reason: String?)
  /// Someone else came into `channel`; with `extended-join`, the account they are logged in
  /// to (nil: none) and their real name.
  case userJoined(channel: String, nick: String, account: String? = nil, realName: String? = nil)
  /// `account-notify`: someone in a channel of ours logged in to `account`, or out (nil).
  case userAccountChanged(nick: String, account: String?)
  /// `chghost`: someone in a channel of ours now shows as `user@host` (no quit, no join).
  case userHostChanged(nick: String, user: String, host: String)
  /// `setname`: someone in a channel of ours changed their real name.
  case userRealNameChanged(nick: String, realName: String)
  /// `setname`: the server took our new real name.
  case realNameChanged(String)
  /// Someone else left `channel`.
  case userParted(channel: String, nick: String, reason: String?)
  /// Someone left the network (the core knows which of our channels they were in).
  case userQuit(nick: String, reason: String?)
  /// A netsplit between the two servers `servers` names (`irc1.test irc2.test`, or
  /// `*.net *.split`) took `nicks` off the network, in the order their quits came: two or
  /// more quits with that reason, together (see `IRCNetsplits`). They left our channels.
  case netsplit(servers: String, nicks: [String])
  /// People gone in the netsplit `servers` came back into `channel` on the relink.
  case netjoin(servers: String, channel: String, nicks: [String])
  /// Someone in a channel of ours went away with `message`, or came back (nil), as
  /// `away-notify` reports it. Never us: the server does not tell us of our own `AWAY`.
  case userAway(nick: String, message: String?)
  /// `by` changed the modes of `channel` (`+o bob`, the mode string and its parameters as
  /// sent), giving or taking the membership prefixes `ranks`.
  case channelModeChanged(channel: String, by: String, modes: String, ranks: [RankChange])
  /// `by` invited `nick` into `channel`: us, or with `invite-notify` someone into a channel
  /// of ours.
  case invited(nick: String, channel: String, by: String)
  /// `by` put `nick` out of `channel`.
  case userKicked(channel: String, nick: String, by: String, reason: String?)
  /// Someone else changed nick (the core knows which of our channels they are in).
  case userNickChanged(from: String, to: String)
  /// The topic of `channel` (`332`, an empty one for `331`, or a change by `setBy` at `time`).
  case topic(channel: String, text: String, setBy: String?, time: Timestamp?)
  /// Who set the topic of `channel` and when (`333`).
  case topicSetBy(channel: String, nick: String, time: Timestamp?)
  /// What chat's WHOX of `channel` said of its members (account, away, user, host, real
  /// name), complete at its `315`.
  case membersDescribed(channel: String, members: [Member])
  /// The members of `channel`, complete (`353` lines up to `366`).
  case names(channel: String, members: [IRCMember])

  /// A message, notice or action from someone (or from us, sent by another client, or a
  /// line of ours a history replays: `ownMessageID` names it when it is one already shown).
  case received(IRCIncomingMessage)
  /// `nick` is typing in `conversation` (a channel, or for a private chat their nick), or has
  /// paused or stopped: a `TAGMSG` with the `+typing` client tag.
  case typing(conversation: String, nick: String, state: TypingState)
  /// `draft/read-marker`: the account has read `target` up to `time` (this connection's
  /// `MARKREAD`, another's, or the server's word on joining); nil when nothing is marked yet.
  case readMarker(target: String, time: Timestamp?)
  /// Someone (or we, from another client or by our echo) reacted to a message (`TAGMSG` with
  /// `+draft/react` and `+draft/reply`).
  case reacted(IRCReaction)
  /// Catching up on `target`'s history after a reconnect stopped after `count` lines, though
  /// the server had more (`IRCHistoryFetches.catchUpLimit`).
  case historyStopped(target: String, count: Int)
  /// A history batch answering a fetch of `target` held more than the `asked` lines: the rest
  /// is dropped unread.
  case historyOverflowed(target: String, asked: Int)
  /// One of our messages was too long for one line and goes out in `parts` messages.
  case messageSplit(id: UUID, parts: Int)
  /// One of our messages of several lines is more than the server takes in one multiline
  /// message (`limits`) and goes out as `messages` of them.
  case multilineSplit(id: UUID, messages: Int, limits: IRCMultilineLimits)
  /// A multiline message received in `target` was longer than chat keeps of one (`lines`
  /// lines, `bytes` bytes): the rest is dropped.
  case multilineOverflowed(target: String, lines: Int, bytes: Int)
  /// The server confirmed one of our messages, every line of it (see `IRCSentMessages`).
  case messageDelivered(IRCDeliveredMessage)
  /// Some of our messages did not get through, or may not have, all for one reason: each is
  /// reported once, whole, whichever of its lines failed.
  case deliveryFailed(IRCDeliveryFailure)

  /// The server marked us away (`306`), with the message we asked for if we did.
  case markedAway(message: String?)
  /// The server marked us back (`305`).
  case markedBack
  /// The server invited `nick` into `channel` for us (`341`).
  case inviting(nick: String, channel: String)
  /// The modes of `target` (a channel, `324`, or us, `221`), as the server listed them.
  case currentModes(target: String, modes: String)
  /// Watched nicks came online (`730`) or went offline (`731`): only those whose state that
  /// changes, as the server spelled them.
  case monitorStatus(online: Bool, nicks: [String])
  /// The server's watch list holds at most `limit`: `nicks` are not watched (its `734`, or
  /// its `MONITOR` limit reached before sending).
  case monitorFull(limit: Int, nicks: [String])
  /// The watch list, after `/monitor`: online first, then the rest.
  case monitorListed(online: [String], offline: [String])
  /// The whole answer to our `WHOIS` (`311` … `318`).
  case whoisReplied(WhoisReply)
  /// The whole answer to our `WHO` (`352` lines until `315`).
  case whoReplied(WhoReply)
  /// The whole answer to our `LIST` (`322` lines until `323`).
  case channelsListed(ChannelList)

  /// A CTCP `command` (`VERSION`, `PING`) from `nick` was answered: at most one a second.
  case ctcpAnswered(nick: String, command: String)
  /// A notice from the server itself (`server` its name, when the line had a source).
  case serverNotice(server: String?, text: String)
  /// An error reply from the server not tied to anything else here (`code` is the numeric),
  /// or, after a line the user wrote by hand (`/quote`, `/mode`), any reply nothing else
  /// shows.
  case serverReply(code: String, text: String)
  /// An IRCv3 standard reply (`FAIL`, `WARN`, `NOTE`) not tied to a line of ours.
  case standardReply(StandardReply)
  /// A round trip to the server and back took `milliseconds`.
  case lagMeasured(milliseconds: Int64)
  /// A line from the server was thrown away: not a message.
  case lineIgnored(reason: String)
  /// An intent other than a join could not be carried out (an invalid channel name, after
  /// quitting).
  case intentRefused(reason: String)
  /// The connection is over: the server's `ERROR`, a keepalive without answer, end of
  /// stream, or the server closing after our `QUIT` (the phase is then `.left`). Every
  /// unconfirmed message has been failed before this, except those with channel lines
  /// written whole, which wait for the channel's history on rejoining (`abandonUnconfirmed()`
  /// if no reconnect follows).
  case disconnected(reason: String)
}
