extension IRCClient {
  /// Numerics that refuse a message we sent, naming its target as their second parameter.
  static let messageErrors: Set<String> = [
    "401", "403", "404", "407", "411", "412", "413", "414", "417",
  ]
  /// Numerics that refuse a `JOIN`, naming the channel as their second parameter.
  static let joinErrors: Set<String> = [
    "403", "405", "471", "473", "474", "475", "476", "477", "489",
  ]

  /// Acts on one message from the server.
  mutating func handle(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    switch message.command.uppercased() {
    case "PING": answerPing(message)
    case "PONG": receivePong(message, into: &output)
    case "CAP": receiveCap(message, into: &output)
    case "ERROR": disconnect(reason: parameters.last ?? "the server closed the link", into: &output)
    case "001": receiveWelcome(message, into: &output)
    case "005": receiveSupport(message, into: &output)
    case "432", "433", "436", "437": receiveNickRefusal(message, into: &output)
    case "421" where parameters.count > 1 && parameters[1].uppercased() == "CAP":
      // A server without capability negotiation registers us without CAP END.
      capPhase = .done
      _ = abandonAuthentication(
        "the server does not negotiate capabilities, so SASL is impossible", into: &output)
    case "410" where capPhase == .listing || capPhase == .requesting:
      if abandonAuthentication("the server refused our CAP command (410)", into: &output) {
        endCapabilityNegotiation()
      }
    case "AUTHENTICATE": receiveAuthenticate(message, into: &output)
    case "900", "901", "902", "903", "904", "905", "906", "907", "908":
      receiveSASLReply(message, into: &output)
    case "396" where parameters.count > 1: host = parameters[1]
    case "PRIVMSG", "NOTICE": receiveMessage(message, into: &output)
    case "ACK": receiveAcknowledgement(message, into: &output)
    case "FAIL": receiveFail(message, into: &output)
    case "BATCH": receiveBatch(message, into: &output)
    case "JOIN": receiveJoin(message, into: &output)
    case "PART": receivePart(message, into: &output)
    case "KICK": receiveKick(message, into: &output)
    case "QUIT": receiveQuit(message, into: &output)
    case "NICK": receiveNick(message, into: &output)
    case "TOPIC": receiveTopic(message, into: &output)
    case "331", "332": receiveTopicReply(message, into: &output)
    case "333": receiveTopicSetter(message, into: &output)
    case "301" where parameters.count >= 3:
      output.events.append(
        .serverReply(code: "301", text: "\(parameters[1]) is away: \(parameters[2])"))
    case "353": receiveNames(message)
    case "366": receiveEndOfNames(message, into: &output)
    default: receiveOther(message, into: &output)
    }
  }

  /// Errors and anything else: a labeled error fails its line; an unlabeled one the line
  /// or join it names; the rest of the 4xx and 5xx is shown as it is.
  mutating func receiveOther(_ message: IRCMessage, into output: inout IRCOutput) {
    let code = message.command
    guard code.count == 3, let number = Int(code), (400..<600).contains(number) else { return }
    let parameters = message.parameters
    let reason = parameters.count > 1 ? parameters[parameters.count - 1] : code
    if let label = label(of: message) {
      if failLine(labeled: label, code: code, reason: reason, into: &output) { return }
    }
    let target = parameters.count > 2 ? parameters[1] : nil
    if Self.messageErrors.contains(code),
      failLine(unlabeledTo: target, code: code, reason: reason, into: &output)
    {
      return
    }
    if Self.joinErrors.contains(code), let target, pendingJoins.remove(folded(target)) != nil {
      output.events.append(.joinFailed(channel: target, reason: reason))
      return
    }
    let about = target.map { "\($0): " } ?? ""
    output.events.append(.serverReply(code: code, text: about + reason))
  }

  /// The label of the labeled response `message` belongs to, on the line or its batch.
  func label(of message: IRCMessage) -> String? {
    message.tags["label"] ?? batches.label(message.tags["batch"])
  }
}
