extension IRCClient {
  /// Numerics that refuse a message we sent, naming its target as their second parameter.
  static let messageErrors: Set<Int> = [401, 403, 404, 407, 411, 412, 413, 414, 417]
  /// Numerics that refuse a `JOIN`, naming the channel as their second parameter.
  /// (479 a name the server reserves, 480 a join throttle, 520 an operators-only channel.)
  static let joinErrors: Set<Int> = [
    403, 405, 471, 473, 474, 475, 476, 477, 479, 480, 489, 520,
  ]

  /// Acts on one message from the server, whose command parsed as `command`.
  mutating func handle(
    _ message: IRCMessage, _ command: IRCCommand, into output: inout IRCOutput
  ) {
    let parameters = message.parameters
    switch command {
    case .ping: answerPing(message)
    case .pong: receivePong(message, into: &output)
    case .cap: receiveCap(message, into: &output)
    case .error: disconnect(reason: parameters.last ?? "the server closed the link", into: &output)
    case .welcome: receiveWelcome(message, into: &output)
    case .support: receiveSupport(message, into: &output)
    case .erroneousNick, .nickUnavailable:
      receiveNickRefusal(message, invalid: command == .erroneousNick, into: &output)
    case .unknownCommand where parameters.count > 1 && parameters[1].uppercased() == "CAP":
      // A server without capability negotiation registers us without CAP END.
      registration.capPhase = .done
      _ = abandonAuthentication(
        "the server does not negotiate capabilities, so SASL is impossible", into: &output)
    case .invalidCapabilityCommand
    where registration.capPhase == .listing || registration.capPhase == .requesting:
      if abandonAuthentication("the server refused our CAP command (410)", into: &output) {
        endCapabilityNegotiation()
      }
    case .authenticate: receiveAuthenticate(message, into: &output)
    case .loggedIn, .loggedOut, .saslReply: receiveSASLReply(message, command, into: &output)
    case .visibleHost where parameters.count > 1: host = parameters[1]
    case .privmsg: receiveMessage(message, isNotice: false, into: &output)
    case .notice: receiveMessage(message, isNotice: true, into: &output)
    case .ack: receiveAcknowledgement(message, into: &output)
    case .fail: receiveFail(message, into: &output)
    case .warn: receiveStandardReply(message, severity: .warning, into: &output)
    case .note: receiveStandardReply(message, severity: .note, into: &output)
    case .batch: receiveBatch(message, into: &output)
    case .join: receiveJoin(message, into: &output)
    case .part: receivePart(message, into: &output)
    case .kick: receiveKick(message, into: &output)
    case .mode: receiveMode(message, into: &output)
    case .invite: receiveInvite(message, into: &output)
    case .quit: receiveQuit(message, into: &output)
    case .nick: receiveNick(message, into: &output)
    case .topic: receiveTopic(message, into: &output)
    case .noTopic, .topicIs: receiveTopicReply(message, isEmpty: command == .noTopic, into: &output)
    case .topicSetBy: receiveTopicSetter(message, into: &output)
    case .away: receiveAway(message, into: &output)
    case .account: receiveAccount(message, into: &output)
    case .chghost: receiveHostChange(message, into: &output)
    case .setname: receiveRealName(message, into: &output)
    case .markread: receiveReadMarker(message, into: &output)
    case .tagmsg:
      // Tags only: someone's typing, a reaction, or both.
      receiveTyping(message, into: &output)
      receiveReaction(message, into: &output)
    case .rename: receiveRename(message, into: &output)
    case .awayReply: receiveAwayReply(message, into: &output)
    case .namesReply: receiveNames(message)
    case .endOfNames: receiveEndOfNames(message, into: &output)
    case .unknownCommand, .invalidCapabilityCommand, .visibleHost, .numeric, .other:
      receiveOther(message, number: command.number, into: &output)
    }
  }

  /// Errors and anything else: an answer to the user's question is gathered; a labeled error
  /// fails its line; an unlabeled one the line, `WHOIS`, join or nick change it names; the
  /// rest of the 4xx and 5xx is shown as it is, and other replies only after a line the user
  /// wrote by hand.
  mutating func receiveOther(_ message: IRCMessage, number: Int?, into output: inout IRCOutput) {
    guard let number else { return }
    if number == 376 || number == 422 { monitorAfterRegistration(into: &output) }
    if receiveReply(message, number: number, into: &output) { return }
    guard (400..<600).contains(number) else { return showInReplyWindow(message, into: &output) }
    let code = message.command
    let parameters = message.parameters
    let reason = parameters.count > 1 ? parameters[parameters.count - 1] : code
    if let label = label(of: message) {
      if failLine(labeled: label, code: code, reason: reason, into: &output) { return }
    }
    let target = parameters.count > 2 ? parameters[1] : nil
    if Self.messageErrors.contains(number),
      failLine(unlabeledTo: target, code: code, reason: reason, into: &output)
    {
      return
    }
    if number == 401, receiveNoSuchNick(target) { return }
    if Self.joinErrors.contains(number), let target, channels.joinRefused(folded(target)) {
      output.events.append(.joinFailed(channel: target, reason: reason))
      return
    }
    if receiveNickChangeError(number, reason: reason, into: &output) { return }
    let about = target.map { "\($0): " } ?? ""
    output.events.append(.serverReply(code: code, text: about + reason))
  }

  /// The label of the labeled response `message` belongs to, on the line or its batch.
  func label(of message: IRCMessage) -> String? {
    message.tags["label"] ?? batches.label(message.tags["batch"])
  }
}
