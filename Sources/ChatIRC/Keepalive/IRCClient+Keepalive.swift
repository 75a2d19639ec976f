import ChatCore

extension IRCClient {
  /// The longest `PING` token answered in full; a longer one is cut, so a `PONG` always fits
  /// in a line.
  static let longestPingToken = 400

  /// Sends a keepalive `PING` when the link has been quiet, and gives up on one unanswered
  /// or on a registration that does not complete in time.
  mutating func checkKeepalive(into output: inout IRCOutput) {
    if phase == .registering, let deadline = registrationDeadline, deadline <= now {
      let seconds = configuration.registrationTimeoutMilliseconds / 1000
      return disconnect(
        reason: registration.heardFromServer
          ? "the server did not complete registration within \(seconds) s"
          : "no answer from the server within \(seconds) s of connecting", into: &output)
    }
    switch keepalive.due(at: now, pingQueued: delivery.outbox.hasKeepalive) {
    case .nothing: break
    case .ping: delivery.outbox.queueUrgent(.keepalive(token: nextToken()))
    case .lost(let waited):
      disconnect(reason: "no answer to PING for \(waited / 1000) s", into: &output)
    }
  }

  /// When registration must have completed, while it has not.
  var registrationDeadline: Timestamp? {
    guard phase == .registering else { return nil }
    return registration.deadline(timeoutMilliseconds: configuration.registrationTimeoutMilliseconds)
  }

  /// `PING` from the server: answered with the same token (cut to fit).
  mutating func answerPing(_ message: IRCMessage) {
    guard let token = message.parameters.last else { return }
    var cut = ""
    for scalar in token.unicodeScalars {
      guard cut.utf8.count + scalar.utf8.count <= Self.longestPingToken else { break }
      cut.unicodeScalars.append(scalar)
    }
    delivery.outbox.queuePong(IRCMessage(command: "PONG", parameters: [cut]))
  }

  /// `PONG` to one of our `PING`s: the lag, and the lines it confirms.
  mutating func receivePong(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let token = message.parameters.last, !queries.closeWindow(token: token),
      let (ping, confirmed) = delivery.pongReceived(token)
    else { return }
    keepalive.pongReceived(token)
    let lag = ping.sentAt.milliseconds(to: now)
    lagMilliseconds = lag
    output.events.append(.lagMeasured(milliseconds: lag))
    defer { if token == delivery.reconciliation.rejoinToken { rejoinPongReceived(into: &output) } }
    for line in confirmed {
      lineConfirmed(
        IRCEcho(
          id: line.id, part: line.part, parts: line.parts, target: line.target, text: line.text,
          receivedAt: now, confirmation: .pong), into: &output)
    }
  }

  /// Ends the connection: every unconfirmed line fails (those written, then those never
  /// sent: one failure for each reason), the socket is to be closed. After our `QUIT` the
  /// client has left for good.
  mutating func disconnect(reason: String, into output: inout IRCOutput) {
    closeNetsplitGroups(into: &output)
    // A channel's history on rejoining may tell of lines written whole (IRCClient+History).
    for line in carryUnconfirmed(reason: reason) {
      lineFailed(line, reason: IRCDeliveryFailure.lostLinkUndecided(reason), into: &output)
    }
    var unsent = delivery.outbox.drain()
    if delivery.confirmingPingDue { delivery.confirmingPingDue = false }
    for intent in delivery.heldIntents {
      if case .send(let id, let target, let text, let isAction, _, _) = intent {
        unsent.append(
          IRCInFlightLine(
            id: id, part: 0, parts: 1, target: target, text: text, isAction: isAction, label: ""))
      } else if case .join(let channel, _) = intent {
        // Asked before registering, never sent: whoever waits for it hears why.
        output.events.append(
          .joinFailed(channel: channel, reason: IRCDeliveryFailure.notSent(reason)))
      }
    }
    for line in unsent {
      lineFailed(line, reason: IRCDeliveryFailure.notSent(reason), into: &output)
    }
    delivery.inFlight.removeAll()
    delivery.heldIntents.removeAll()
    delivery.pings.removeAll()
    keepalive.connectionLost()
    channels.connectionLost()
    monitor.connectionLost()
    batches.removeAll()
    multiline.removeAll()
    if case .quitting = phase { phase = .left } else { phase = .disconnected }
    output.events.append(.disconnected(reason: reason))
    output.closeConnection = true
  }
}
