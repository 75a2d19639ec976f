extension IRCClient {
  /// A CTCP `PING` is answered with at most this many bytes of its parameters.
  static let longestCTCPPing = 64

  /// Queues a `NOTICE` answering a CTCP `VERSION` or `PING` from another user; false when
  /// the request is not answered: another command, not registered, answers off, or within a
  /// second of the last answer (or while one waits), so a flood of requests gets at most
  /// one answer a second.
  mutating func answerCTCP(
    _ request: IRCCTCP, from source: IRCSource, into output: inout IRCOutput
  ) -> Bool {
    guard phase == .registered, let version = configuration.ctcpVersion,
      Self.isValidWord(source.nick), !isUs(source.nick), !support.isChannel(source.nick),
      !delivery.ctcpAnswerWaiting,
      delivery.lastCTCPAnswer.map({ $0.milliseconds(to: now) >= 1000 }) ?? true
    else { return false }
    let answer: IRCCTCP
    switch request.command {
    case "VERSION": answer = IRCCTCP(command: "VERSION", parameters: Self.ctcpSafe(version, 100))
    case "PING":
      answer = IRCCTCP(
        command: "PING", parameters: Self.ctcpSafe(request.parameters, Self.longestCTCPPing))
    default: return false
    }
    delivery.ctcpAnswerWaiting = true
    output.events.append(.ctcpAnswered(nick: source.nick, command: request.command))
    delivery.outbox.queue(
      .ctcpAnswer(IRCMessage(command: "NOTICE", parameters: [source.nick, answer.text])))
    return true
  }

  /// `text` without control characters (no `\x01`, NUL, CR or LF can end up in the answer),
  /// cut to `limit` bytes on a scalar boundary.
  static func ctcpSafe(_ text: String, _ limit: Int) -> String {
    var safe = ""
    for scalar in text.unicodeScalars where scalar.value >= 0x20 && scalar.value != 0x7F {
      guard safe.utf8.count + scalar.utf8.count <= limit else { break }
      safe.unicodeScalars.append(scalar)
    }
    return safe
  }
}
