import ChatCore

/// What confirms or refuses our lines (the delivery part's books, `IRCDelivery`): an echo,
/// an `ACK`, a `FAIL` or an error numeric, matched by label or by target and text.
extension IRCClient {
  /// Matches the echo of one of our lines: by label, or by target and text in order.
  mutating func confirmEcho(
    _ message: IRCMessage, target: String, text: String, isAction: Bool, serverTime: Timestamp?,
    into output: inout IRCOutput
  ) -> Bool {
    let found =
      if let label = label(of: message) {
        delivery.removeLabeled(label)
      } else {
        delivery.removeEchoed(
          target: target, text: text, isAction: isAction, mapping: support.caseMapping)
      }
    guard let line = found else { return false }
    if let msgid = message.tags["msgid"], support.isChannel(line.target) {
      delivery.reconciliation.remember(
        .init(msgid: msgid, sequence: line.sequence, connection: line.connection))
    }
    lineConfirmed(
      IRCEcho(
        id: line.id, part: line.part, parts: line.parts, target: line.target, text: line.text,
        msgid: message.tags["msgid"], serverTime: serverTime, receivedAt: now,
        confirmation: .echo), into: &output)
    return true
  }

  /// `ACK`: a labeled line the server handled without anything to say (no echo-message).
  mutating func receiveAcknowledgement(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let label = label(of: message), let line = delivery.removeLabeled(label) else { return }
    lineConfirmed(
      IRCEcho(
        id: line.id, part: line.part, parts: line.parts, target: line.target, text: line.text,
        serverTime: message.tags["time"].flatMap(IRCServerTime.parse), receivedAt: now,
        confirmation: .acknowledgement), into: &output)
  }

  /// `FAIL <command> <code> [context…] :description` (IRCv3 standard replies): fails the
  /// message line it answers (by label; unlabeled, the oldest line in flight when it is about
  /// `PRIVMSG` or `NOTICE`), or is shown as it is.
  mutating func receiveFail(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let reply = StandardReply(message, severity: .failure) else { return countMalformed() }
    let code = "FAIL \(reply.command) \(reply.code)"
    if let label = label(of: message),
      failLine(labeled: label, code: code, reason: reply.text, into: &output)
    {
      return
    }
    if reply.command.uppercased() == "CHATHISTORY" { historyRequestRefused(reply, into: &output) }
    let failed = IRCCommand(reply.command)
    // A multiline batch refused (`FAIL BATCH MULTILINE_…`): the oldest in flight.
    if failed == .batch, let line = delivery.removeOldestBatch() {
      return lineFailed(line, code: code, reason: reply.text, into: &output)
    }
    if failed == .privmsg || failed == .notice,
      failLine(unlabeledTo: nil, code: code, reason: reply.text, into: &output)
    {
      return
    }
    output.events.append(.standardReply(reply))
  }

  /// `WARN` and `NOTE`: shown as they are; the command they are about went ahead.
  mutating func receiveStandardReply(
    _ message: IRCMessage, severity: StandardReply.Severity, into output: inout IRCOutput
  ) {
    guard let reply = StandardReply(message, severity: severity) else { return countMalformed() }
    output.events.append(.standardReply(reply))
  }

  /// Fails the line with `label`; false when no line has it.
  mutating func failLine(
    labeled label: String, code: String, reason: String, into output: inout IRCOutput
  ) -> Bool {
    guard let line = delivery.removeLabeled(label) else { return false }
    lineFailed(line, code: code, reason: reason, into: &output)
    return true
  }

  /// Fails the oldest unlabeled line to `target` (or the oldest of all when nil); false when
  /// there is none. Servers answer lines in order, so the oldest is the one refused.
  mutating func failLine(
    unlabeledTo target: String?, code: String, reason: String, into output: inout IRCOutput
  ) -> Bool {
    guard let line = delivery.removeOldestUnlabeled(to: target, mapping: support.caseMapping)
    else { return false }
    lineFailed(line, code: code, reason: reason, into: &output)
    return true
  }
}
