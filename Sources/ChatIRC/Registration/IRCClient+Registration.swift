extension IRCClient {
  /// `001`: registered under the nick it names; the user's lines may go now.
  mutating func receiveWelcome(_ message: IRCMessage, into output: inout IRCOutput) {
    guard phase == .registering, admitsRegistration(into: &output) else { return }
    if let registered = message.parameters.first, Self.isValidWord(registered) {
      nick = registered
    }
    // "Welcome to the Network alice!alice@127.0.0.1" names our user and host.
    if let last = message.parameters.last?.split(separator: " ").last {
      let source = IRCSource(last)
      if source.user != nil, let host = source.host, isUs(source.nick) {
        (user, self.host) = (source.user, host)
      }
    }
    phase = .registered
    registration.capPhase = .done
    output.events.append(.registered(nick: nick))
    for channel in channels.autojoin where isValidChannel(channel) {
      let key = folded(channel)
      channels.joining(channel, key: key, remember: false, mapping: support.caseMapping)
      let parameters = [channel] + (channels.joinKey(key).map { [$0] } ?? [])
      delivery.outbox.queue(.command(IRCMessage(command: "JOIN", parameters: parameters)))
    }
    queueRejoinPing()
    let held = delivery.heldIntents
    delivery.heldIntents.removeAll()
    for intent in held {
      handle(intent, into: &output)
    }
  }

  /// `005`: the tokens between our nick and the trailing text.
  mutating func receiveSupport(_ message: IRCMessage, into output: inout IRCOutput) {
    guard message.parameters.count >= 3 else { return }
    let updated = support.applying(message.parameters.dropFirst().dropLast())
    guard updated != support else { return }
    if updated.caseMapping != support.caseMapping {
      channels.refold(updated.caseMapping)
      monitor.refold(updated.caseMapping)
    }
    if updated.isUTF8Only, !support.isUTF8Only { output.events.append(.utf8Only) }
    let isNews = updated.reported != support.reported
    support = updated
    // A token only the client acts on is no news to the session: a recording made before
    // chat read it replays with the same actions.
    if isNews { output.events.append(.serverSupport(support)) }
    markAsBot()
    syncMonitor(into: &output)
  }

  /// `--bot`: once a connection, as soon as the server names its bot mode (`BOT`, after `001`),
  /// sets it on us, so other clients see a bot (`bot` message tag, `WHOIS`).
  private mutating func markAsBot() {
    guard configuration.isBot, phase == .registered, !registration.botModeAsked,
      let mode = support.botMode, Self.isValidWord(String(mode))
    else { return }
    registration.botModeAsked = true
    delivery.outbox.queue(.command(IRCMessage(command: "MODE", parameters: [nick, "+\(mode)"])))
  }

  /// `433` taken, `432` invalid (and `436`, `437`): while registering, another nick is tried;
  /// afterwards, the `NICK` we asked for failed.
  mutating func receiveNickRefusal(
    _ message: IRCMessage, invalid: Bool, into output: inout IRCOutput
  ) {
    let parameters = message.parameters
    let refused = parameters.count > 2 ? parameters[1] : nick
    let reason = parameters.last ?? "refused"
    guard phase == .registering else {
      // After registration only a `NICK` of ours is refused (`/nick`, or one by `/quote`),
      // except a 437 that names a channel: a join refused for now.
      if support.isChannel(refused) {
        if channels.joinRefused(folded(refused)) {
          output.events.append(.joinFailed(channel: refused, reason: reason))
        } else {
          output.events.append(.serverReply(code: message.command, text: refused + ": " + reason))
        }
        return
      }
      if let requested = registration.requestedNick, support.caseMapping.equal(requested, refused) {
        registration.requestedNick = nil
      }
      output.events.append(.nickChangeFailed(nick: refused, reason: reason))
      return
    }
    registration.nickAttempt += 1
    registration.refusedNicks.append(refused)
    guard registration.nickAttempt < configuration.nickAttempts else {
      // Written at once: the disconnect empties the outbox.
      output.lines.append(IRCMessage(command: "QUIT", parameters: ["no nick accepted"]).serialized)
      disconnect(
        reason: "the server refused every nick tried (last '\(refused)': \(reason))",
        into: &output)
      return
    }
    let fallback: String
    if invalid, let length = IRCRegistration.cutLength(below: refused.count) {
      // A long nick refused as erroneous: most likely too long (see `cutLength(below:)`).
      registration.nickLimit = length
      let cut = String(wantedNick.prefix(length))
      fallback =
        registration.refusedNicks.contains(cut)
        ? IRCRegistration.fallbackNick(
          for: wantedNick, attempt: registration.nickAttempt, invalid: false,
          limit: length) : cut
    } else {
      fallback = IRCRegistration.fallbackNick(
        for: wantedNick, attempt: registration.nickAttempt, invalid: invalid,
        limit: registration.nickLimit)
    }
    nick = fallback
    output.events.append(.nickRejected(nick: refused, reason: reason, fallback: fallback))
    delivery.outbox.queueUrgent(.control(IRCMessage(command: "NICK", parameters: [fallback])))
  }
}
