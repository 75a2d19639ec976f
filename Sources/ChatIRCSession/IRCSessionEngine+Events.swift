import ChatCore
import ChatIRC
import FoundationEssentials

/// What the protocol client reports, as the core's session actions: one exhaustive `switch`
/// with no `default:`, so a new `IRCEvent` does not build until it is handled or ignored here.
extension IRCSessionEngine {
  func handle(_ event: IRCEvent, at now: Timestamp) {
    switch event {
    case .registered(let nick):
      hasRegistered = true
      backoff.reset()
      if nick != client.wantedNick {
        notify(.nickFallback(wanted: client.wantedNick, nick: nick), at: now)
      }
      enqueue(.connected(time: now))
      // The core owns the nick it knows you by: a fallback renames you there.
      enqueue(.registeredAs(nick, time: now))
    case .nickRejected(let nick, let reason, let fallback):
      notify(.nickRefused(nick: nick, reason: reason, fallback: fallback), at: now)
    case .nickChanged(let old, let new):
      enqueue(.nickChanged(from: old, to: new, time: now))
    case .nickChangeFailed(let nick, let reason):
      notify(.nickChangeRefused(nick: nick, reason: reason), at: now)
    case .serverSupport(let support):
      enqueue(.nameRulesChanged(Self.nameRules(support)))
    case .authenticated(let account):
      notify(.loggedIn(account: account), at: now)
    case .authenticationFailed(let reason):
      notify(.loginFailed(reason: reason), at: now)
      if configuration.client.sasl?.isRequired == true {
        authenticationFailure = reason
        giveUp(reason, exitStatus: SessionFailure.loginRefusedStatus, at: now)
      }
    case .stsUpgradeRequired(let port):
      upgradePort = port
    case .stsPolicyUpdated(let policy):
      let kept = TransportPolicy(
        host: policy.host, port: policy.port, durationSeconds: policy.durationSeconds)
      enqueue(.transportPolicyLearned(kept, time: now))
    case .stsPolicyRemoved(let host):
      enqueue(.transportPolicyDropped(host: host))
    case .joined(let channel):
      enqueue(.joined(ConversationName(channel), time: now))
    case .joinFailed(let channel, let reason):
      enqueue(.joinFailed(ConversationName(channel), reason: reason, time: now))
    case .parted(let channel, let reason):
      enqueue(.left(ConversationName(channel), reason: reason, time: now))
    case .kicked(let channel, let by, let reason):
      enqueue(.kicked(ConversationName(channel), by: by, reason: reason, time: now))
    case .channelRenamed(let old, let new, let reason):
      enqueue(
        .channelRenamed(
          ConversationName(old), to: ConversationName(new), reason: reason, time: now))
    case .userJoined(let channel, let nick, let account, let realName):
      enqueue(
        .memberJoined(
          Member(nick, account: account, realName: realName), channel: ConversationName(channel),
          time: now))
    case .userAccountChanged(let nick, let account):
      enqueue(.memberChanged(nick, .account(account), time: now))
    case .userHostChanged(let nick, let user, let host):
      enqueue(.memberChanged(nick, .host(user: user, host: host), time: now))
    case .userRealNameChanged(let nick, let realName):
      enqueue(.memberChanged(nick, .realName(realName), time: now))
    case .realNameChanged(let realName):
      notify(.realNameChanged(realName), at: now)
    case .userParted(let channel, let nick, let reason):
      enqueue(.memberLeft(nick, channel: ConversationName(channel), reason: reason, time: now))
    case .userAway(let nick, let message):
      enqueue(.memberAwayChanged(nick, message: message, time: now))
    case .channelModeChanged(let channel, let by, let modes, let ranks):
      enqueue(
        .modesChanged(ConversationName(channel), modes: modes, by: by, ranks: ranks, time: now))
    case .invited(let nick, let channel, let by):
      enqueue(.invited(nick, channel: ConversationName(channel), by: by, time: now))
    case .userKicked(let channel, let nick, let by, let reason):
      enqueue(
        .memberKicked(
          nick, channel: ConversationName(channel), by: by, reason: reason, time: now))
    case .userQuit(let nick, let reason):
      enqueue(.memberQuit(nick, reason: reason, time: now))
    case .netsplit(let servers, let nicks):
      enqueue(.netsplit(servers: servers, nicks: nicks, time: now))
    case .netjoin(let servers, let channel, let nicks):
      enqueue(
        .netjoin(servers: servers, nicks: nicks, channel: ConversationName(channel), time: now))
    case .userNickChanged(let old, let new):
      enqueue(.nickChanged(from: old, to: new, time: now))
    case .topic(let channel, let text, let setBy, _):
      enqueue(
        .topicChanged(
          ConversationName(channel), topic: text.isEmpty ? nil : text, by: setBy, time: now))
    case .membersDescribed(let channel, let members):
      enqueue(.membersDescribed(ConversationName(channel), members, time: now))
    case .names(let channel, let members):
      let listed = members.map {
        Member($0.nick, prefixes: $0.prefixes, user: $0.user, host: $0.host)
      }
      enqueue(.membersListed(ConversationName(channel), listed, time: now))
    case .received(let incoming):
      enqueue(.received(message(for: incoming)))
    case .typing(let conversation, let nick, let state):
      enqueue(.memberTyping(nick, in: ConversationName(conversation), state, time: now))
    case .readMarker(let target, let time):
      // `*`: nothing marked yet, nothing to follow.
      if let time { enqueue(.markedRead(ConversationName(target), upTo: time)) }
    case .reacted(let reaction):
      let target = reference(to: reaction.msgid)
      enqueue(
        .reacted(
          Reaction(
            sender: reaction.sender, isOwn: reaction.isOwn,
            conversation: ConversationName(reaction.conversation), text: reaction.reaction,
            target: target), time: now))
    case .historyOverflowed(let target, let asked):
      notify(.historyOverflowed(conversation: target, asked: asked), at: now)
    case .historyStopped(let target, let count):
      notify(.historyStopped(conversation: target, count: count), at: now)
    case .messageSplit(_, let parts):
      notify(.messageSplit(parts: parts), at: now)
    case .multilineSplit(_, let messages, let limits):
      notify(
        .multilineSplit(messages: messages, maxBytes: limits.maxBytes, maxLines: limits.maxLines),
        at: now)
    case .multilineOverflowed(let target, let lines, let bytes):
      notify(.multilineOverflowed(conversation: target, lines: lines, bytes: bytes), at: now)
    case .messageDelivered(let delivered):
      enqueue(.echoed(message(for: delivered)))
    case .deliveryFailed(let failure):
      enqueue(.deliveryFailed(ids: failure.ids, reason: failure.reason, time: now))
      // Lines of theirs that did arrive (replayed on rejoining) are shown as what they are.
      for line in failure.history { enqueue(.received(message(for: line))) }
    case .serverReply(let code, let text):
      // A missing message of the day (422) is no news to anyone.
      if code != "422" { notify(.serverReply(code: code, text: text), at: now) }
    case .capabilitiesChanged(let on, let off):
      notify(.capabilitiesChanged(on: on, off: off), at: now)
    case .standardReply(let reply):
      notify(.standardReply(reply), at: now)
    case .utf8Only:
      notify(.utf8Only, at: now)
    case .intentRefused(let reason):
      notify(.refused(reason: reason), at: now)
    case .markedAway(let message):
      notify(.markedAway(message: message), at: now)
    case .markedBack:
      notify(.markedBack, at: now)
    case .inviting(let nick, let channel):
      notify(.invited(nick: nick, channel: channel), at: now)
    case .currentModes(let target, let modes):
      notify(.modes(target: target, modes: modes), at: now)
    case .monitorStatus(let online, let nicks):
      notify(online ? .monitorOnline(nicks) : .monitorOffline(nicks), at: now)
    case .monitorFull(let limit, let nicks):
      notify(.monitorFull(limit: limit, nicks: nicks), at: now)
    case .monitorListed(let online, let offline):
      notify(.monitorList(online: online, offline: offline), at: now)
    case .whoisReplied(let reply):
      enqueue(.replied(.whois(reply), time: now))
    case .whoReplied(let reply):
      enqueue(.replied(.who(reply), time: now))
    case .channelsListed(let list):
      enqueue(.replied(.channels(list), time: now))
    case .ctcpAnswered(let nick, let command):
      notify(.ctcpAnswered(nick: nick, command: command), at: now)
    case .lineIgnored(let reason):
      notify(.lineIgnored(reason: reason), at: now)
    case .disconnected(let reason):
      linkEnded(reason, at: now)
    case .serverNotice(let server, let text):
      let notice = Message(
        id: ids.next(), sender: server ?? "server", text: text, time: now, markup: .ircFormatting,
        isNotice: true)
      enqueue(.serverNoticed(notice))
    case .capabilities:
      // Whether a paste of several lines can be one message: the core asks it of the state.
      let multiline = client.multilineLimits != nil
      if multiline != reportedMultiline {
        reportedMultiline = multiline
        enqueue(.multilineChanged(available: multiline))
      }
    case .topicSetBy, .lagMeasured:
      // Not the core's: the client keeps what it needs of them (`client.capabilities`,
      // `client.lagMilliseconds`); the core shows no setter or lag.
      break
    }
  }

  /// The core's name rules for what the server said in `005`.
  static func nameRules(_ support: ISupport) -> NameRules {
    var rules = NameRules()
    rules.channelPrefixes = Set(support.channelTypes.unicodeScalars)
    if let length = support.channelLength { rules.channelLength = length }
    if let length = support.nickLength { rules.nickLength = length }
    rules.caseMapping = support.caseMapping
    rules.memberPrefixes = support.prefixes.map(\.prefix)
    return rules
  }

  /// One of our messages, delivered whole, as the core's `Message`: a new message, not a
  /// field at a time (each set field makes a new box), under our nick now. The core marks its
  /// own messages (`isLocal`).
  private func message(for delivered: IRCDeliveredMessage) -> Message {
    Message(
      id: delivered.id, sender: client.nick, text: delivered.text, time: delivered.time,
      conversation: ConversationName(delivered.target), isAction: delivered.isAction,
      markup: .ircFormatting, serverMessageID: delivered.msgid)
  }

  /// A received message as the core's `Message`: its id from the msgid (see `IRCMessageID`),
  /// its text IRC's, a mention when it names us and is news (a history replay is not), ours
  /// when we sent it (from another connection of our account, or kept in a history).
  /// It is marked as history when a `chathistory` batch brought it on a server that keeps
  /// history (`draft/chathistory`): there chat fetched it; a server without (InspIRCd's
  /// replay on joining) shows its replay as it always has. Ours in such a history is ours.
  ///
  /// A line of one of our messages delivered before (a history replayed on rejoining) has
  /// that message's id (`ownMessageID`), and the core drops it as shown.
  private func message(for incoming: IRCIncomingMessage) -> Message {
    let isHistory = incoming.isHistory && inPlace { $0.offersHistory }
    return Message(
      id: incoming.ownMessageID ?? incoming.msgid.map(IRCMessageID.uuid(forMessageID:))
        ?? ids.next(),
      sender: incoming.sender, text: incoming.text, time: incoming.time,
      isLocal: incoming.isOwn,
      conversation: ConversationName(incoming.conversation), isAction: incoming.kind == .action,
      markup: .ircFormatting, isMention: incoming.mentionsUs,
      serverMessageID: incoming.msgid, isNotice: incoming.kind == .notice, isHistory: isHistory,
      account: incoming.account, isBot: incoming.isBot,
      inReplyTo: incoming.replyTo.map(reference(to:)))
  }

  /// A reference to the message the server calls `msgid`: by the id it has here, ours
  /// (remembered by the client) or derived from the msgid as every received message's is.
  private func reference(to msgid: String) -> MessageReference {
    MessageReference(
      serverMessageID: msgid,
      id: client.localMessageID(forMessageID: msgid) ?? IRCMessageID.uuid(forMessageID: msgid))
  }

}
