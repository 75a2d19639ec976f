import ChatCore
import ChatIRC
import ChatTransport

/// The link's life as the engine sees it: a dial, the connection, a failed attempt, a loss,
/// the reconnect backoff and an STS upgrade. Whatever carries the link calls these.
extension IRCSessionEngine {
  /// A connection attempt begins (an unverified TLS link says so each time).
  func dialing(at now: Timestamp) {
    reconnectAt = nil
    enqueue(.connecting(time: now))
    if let tls = configuration.tls, tls.insecure {
      notify(.tlsUnverified(host: configuration.host, port: Int(configuration.port)), at: now)
    }
  }

  /// The link is up (and the TLS handshake done): registration begins.
  func established(at now: Timestamp) {
    clientStarted = true
    apply(client.start(at: now), now)
  }

  /// A connection attempt failed: retried after a backoff delay unless `retrying` is false.
  func attemptFailed(_ reason: String, retrying: Bool, at now: Timestamp) {
    if !retrying { apply(client.abandonUnconfirmed(), now) }
    enqueue(.disconnected(reason: reason, time: now))
    guard retrying else {
      // A run that gives up says why as it exits; one that stays (line mode) says it now.
      if !configuration.givesUpIfFirstConnectionFails {
        notify(.connectionFailed(reason: reason, retried: false), at: now)
      }
      giveUp(reason, exitStatus: SessionFailure.unavailableStatus)
      return
    }
    notify(.connectionFailed(reason: reason, retried: true), at: now)
    scheduleReconnect(at: now, after: reason)
  }

  /// The link broke or ended (`reason`): the client fails what is unconfirmed and reports it.
  func lost(_ reason: String, rest: [IRCLineBuffer.Item], at now: Timestamp) {
    if clientStarted {
      var output = IRCOutput()
      for item in rest { output.append(client.receive(item, at: now)) }
      output.append(client.connectionClosed(reason: reason, at: now))
      apply(output, now)
    } else {
      linkEnded(reason, at: now)
    }
  }

  /// After the client's `disconnected`: fails what is left, then reconnects unless leaving.
  func linkEnded(_ reason: String, at now: Timestamp) {
    link?.closeLink(flushingFirst: false)
    clientStarted = false
    let leavingForGood = leaving == .quitSent || leaving == .done
    let reconnects =
      !leavingForGood && upgradePort == nil && authenticationFailure == nil
      && (hasRegistered || !configuration.givesUpIfFirstConnectionFails)
    // Lines kept for the channel's history on rejoining wait for it, still pending.
    if !reconnects { apply(client.abandonUnconfirmed(), now) }
    let lost = pending.keys.filter { !client.isAwaitingHistory(id: $0) }
    if !lost.isEmpty {
      notify(.unconfirmedMessagesFailed(count: lost.count), at: now)
    }
    for id in lost {
      let copies = stopTracking(id)?.historyCopies ?? []
      enqueue(
        .deliveryFailed(
          id: id,
          reason: IRCDeliveryFailure.lostLinkUndecided(reason), time: now))
      for copy in copies { enqueue(.received(copy)) }
    }
    enqueue(.disconnected(reason: reason, time: now))
    if leavingForGood {
      leaving = .done
      quitDeadline = nil
      return
    }
    if let port = upgradePort {
      upgradePort = nil
      upgrade(toTLSPort: UInt16(clamping: port), at: now)
      notify(.stsUpgrade(host: configuration.host, port: port), at: now)
      link?.redial(at: now)
      return
    }
    if authenticationFailure != nil {
      // The same credentials would be refused again: like a refused certificate, the run
      // ends (piped) or stays disconnected until the user leaves (line mode).
      if !configuration.givesUpIfFirstConnectionFails {
        notify(.disconnected(reason: reason + " (not retried)"), at: now)
      }
      return
    }
    if !hasRegistered && configuration.givesUpIfFirstConnectionFails {
      // The first connection ended before the server registered us: as a failed connect.
      let lost = TransportError.connectionLost(
        Endpoint(host: configuration.host, port: configuration.port), reason: reason)
      giveUp(lost.description, exitStatus: SessionFailure.unavailableStatus)
      return
    }
    notify(.disconnected(reason: reason), at: now)
    scheduleReconnect(at: now, after: reason)
  }

  /// Connects over TLS (`upgradeTLS`) to `port` from now on, with a fresh client.
  func upgrade(toTLSPort port: UInt16, at now: Timestamp? = nil) {
    configuration.port = port
    configuration.tls = upgradeTLS
    var clientConfiguration = configuration.client
    clientConfiguration.endpoint = Self.endpoint(of: configuration)
    client = IRCClient(configuration: clientConfiguration, at: now ?? lastNow)
  }

  /// Reconnects after the next backoff delay.
  func scheduleReconnect(at now: Timestamp, after reason: String) {
    let delay = backoff.nextDelayMilliseconds()
    reconnectAt = now.advanced(byMilliseconds: delay)
    notify(
      .reconnecting(
        host: configuration.host, port: Int(configuration.port), afterMilliseconds: delay),
      at: now)
  }
}
