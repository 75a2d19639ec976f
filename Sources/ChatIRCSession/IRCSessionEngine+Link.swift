import ChatCore
import ChatIRC
import ChatTransport

/// The link's life as the engine sees it: a dial, the connection, a failed attempt, a loss,
/// the reconnect backoff and an STS upgrade. Whatever carries the link calls these. How a
/// connection ended goes to the core in the one action that reports it (`.disconnected`,
/// with a `Disconnection`): the core words the notice.
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
    // A fresh SCRAM nonce for each connection, made here: the client makes nothing random.
    let nonce = client.configuration.sasl == nil ? nil : configuration.saslCrypto?.makeNonce()
    apply(client.start(at: now, saslNonce: nonce), now)
  }

  /// A connection attempt failed: retried after a backoff delay unless `retrying` is false.
  func attemptFailed(_ reason: String, retrying: Bool, at now: Timestamp) {
    if !retrying { apply(client.abandonUnconfirmed(), now) }
    enqueue(.disconnected(.attemptFailed(reason: reason, retrying: retrying), time: now))
    guard retrying else {
      return giveUp(reason, exitStatus: SessionFailure.unavailableStatus, at: now)
    }
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

  /// After the client's `disconnected`: reconnects unless it left, moves to TLS, or cannot
  /// help (a refused login, a first connection that never registered on a run that gives up).
  func linkEnded(_ reason: String, at now: Timestamp) {
    link?.closeLink(flushingFirst: false)
    clientStarted = false
    reportedMultiline = false  // The core forgets it with the `.disconnected` below.
    // The server closed the link after our QUIT.
    let left = client.phase == .left
    let reconnects =
      !left && upgradePort == nil && authenticationFailure == nil
      && (hasRegistered || !configuration.givesUpIfFirstConnectionFails)
    // Lines kept for the channel's history on rejoining wait for it, still pending.
    if !reconnects { apply(client.abandonUnconfirmed(), now) }
    if left { return enqueue(.disconnected(.closed(reason: reason), time: now)) }
    if let port = upgradePort {
      enqueue(.disconnected(.closed(reason: reason), time: now))
      upgradePort = nil
      upgrade(toTLSPort: UInt16(clamping: port), at: now)
      notify(.stsUpgrade(host: configuration.host, port: port), at: now)
      link?.redial(at: now)
      return
    }
    enqueue(.disconnected(.lost(reason: reason, retrying: reconnects), time: now))
    if authenticationFailure != nil {
      // The same credentials would be refused again: like a refused certificate, the run
      // ends (piped) or stays disconnected until the user leaves (line mode). It gave up
      // when the login was refused.
      return
    }
    if !reconnects {
      // The first connection ended before the server registered us: as a failed connect.
      let lost = TransportError.connectionLost(
        Endpoint(host: configuration.host, port: configuration.port), reason: reason)
      return giveUp(lost.description, exitStatus: SessionFailure.unavailableStatus, at: now)
    }
    scheduleReconnect(at: now, after: reason)
  }

  /// Connects over TLS (`upgradeTLS`) to `port` from now on, with a fresh client.
  func upgrade(toTLSPort port: UInt16, at now: Timestamp? = nil) {
    configuration.port = port
    configuration.tls = upgradeTLS
    var clientConfiguration = configuration.client
    clientConfiguration.endpoint = Self.endpoint(of: configuration)
    client = IRCClient(
      configuration: clientConfiguration, at: now ?? lastNow,
      saslCrypto: configuration.saslCrypto,
      challengeSigner: configuration.challengeSigner)
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
