import ChatCore
import ChatIRC
import FoundationEssentials

/// What the protocol client reports, as the core's session actions.
extension IRCSession {
  func handle(_ event: IRCEvent, at now: Timestamp) {
    switch event {
    case .registered(let nick):
      hasRegistered = true
      backoff.reset()
      if nick != configuration.client.nick {
        report("registered as \(nick): \(configuration.client.nick) was not available")
      }
      enqueue(.connected(time: now))
    case .nickRejected(let nick, let reason, let fallback):
      report("the nick \(nick) was refused (\(reason)): trying \(fallback)")
    case .nickChanged(let old, let new):
      report("you are now \(new) (were \(old))")
    case .authenticated(let account):
      report("logged in" + (account.map { " as \($0)" } ?? ""))
    case .authenticationFailed(let reason):
      report("SASL: \(reason)")
    case .stsUpgradeRequired(let port):
      upgradePort = port
    case .stsPolicyUpdated(let policy):
      stsPolicyUpdated(policy)
    case .stsPolicyRemoved(let host):
      stsPolicyRemoved(host)
    case .joinFailed(let channel, let reason):
      report("cannot join \(channel): \(reason)")
    case .kicked(let channel, let by, let reason):
      report("\(by) removed you from \(channel)" + (reason.map { ": \($0)" } ?? ""))
    case .received(let incoming):
      enqueue(.received(message(for: incoming)))
    case .messageWritten(let id, _, _):
      pending[id]?.writtenAt = now
    case .messageSplit(let id, let parts):
      pending[id]?.parts = parts
      report("the message is too long for one IRC line: it goes out in \(parts) parts")
    case .echoed(let echo):
      confirm(echo)
    case .deliveryFailed(let failure):
      guard pending.removeValue(forKey: failure.id) != nil else { return }
      var reason = failure.reason
      if let code = failure.code { reason = "the server refused it (\(code)): \(reason)" }
      if failure.parts > 1 { reason = "part \(failure.part + 1) of \(failure.parts): \(reason)" }
      // The core keeps no reason with a failed message: say it here too.
      report("a message was not delivered: \(reason)")
      enqueue(.deliveryFailed(id: failure.id, reason: reason, time: now))
    case .serverReply(let code, let text):
      // A missing message of the day (422) is no news to anyone.
      if code != "422" { report("server (\(code)): \(text)") }
    case .intentRefused(let reason):
      report(reason)
    case .disconnected(let reason):
      linkEnded(reason, at: now)
    case .capabilities, .serverSupport, .joined, .parted, .userJoined, .userParted, .userQuit,
      .userKicked, .userNickChanged, .topic, .topicSetBy, .names, .serverNotice, .lagMeasured,
      .lineIgnored, .nickChangeFailed:
      break
    }
  }

  /// One more line of a message confirmed: once all are, the message is echoed, at the time
  /// the server gave its first line.
  private func confirm(_ echo: IRCEcho) {
    guard var entry = pending[echo.id] else { return }
    entry.parts = max(entry.parts, echo.parts)
    entry.confirmed += 1
    if echo.part == 0 || entry.firstConfirmation == nil { entry.firstConfirmation = echo.time }
    guard entry.confirmed >= entry.parts else {
      pending[echo.id] = entry
      return
    }
    pending[echo.id] = nil
    var message = entry.message
    message.sender = client.nick
    message.time = entry.firstConfirmation ?? echo.time
    message.isLocal = false  // The core marks its own messages.
    enqueue(.echoed(message))
  }

  /// A received message as the core's `Message`: its id from the msgid (see `IRCMessageID`).
  private func message(for incoming: IRCIncomingMessage) -> Message {
    let id = incoming.msgid.map(IRCMessageID.uuid(forMessageID:)) ?? ids.next()
    let text = incoming.kind == .action ? "* \(incoming.sender) \(incoming.text)" : incoming.text
    return Message(id: id, sender: incoming.sender, text: text, time: incoming.time)
  }
}
