import ChatCore
import ChatIRC
import ChatTransport

/// The byte stream under the session: dialling, reading, writing, losing it.
extension IRCSession {
  /// Starts a connection attempt to the configured host and port.
  func dial(at now: Timestamp) {
    enqueue(.connecting(time: now))
    do throws(TransportError) {
      let tcp = try TCPConnection(host: configuration.host, port: configuration.port)
      if let tls = configuration.tls {
        if tls.insecure {
          notify(
            .tlsUnverified(host: configuration.host, port: Int(configuration.port)), at: now)
        }
        if tlsContext?.configuration != tls { tlsContext = try TLSContext(tls) }
        stream = try TLSConnection(over: tcp, context: tlsContext!)
      } else {
        stream = tcp
      }
      connectDeadline = now.advanced(byMilliseconds: configuration.connectTimeoutMilliseconds)
    } catch {
      connectFailed(error, at: now)
    }
  }

  /// The stream is up (and the TLS handshake done): registration begins.
  func established(at now: Timestamp) {
    connectDeadline = nil
    clientStarted = true
    apply(client.start(at: now), now)
    flush(at: now)
  }

  /// Connecting failed: retried after a backoff delay, unless it cannot help.
  func connectFailed(_ error: TransportError, at now: Timestamp) {
    closeStream()
    connectDeadline = nil
    let reason = error.description
    enqueue(.disconnected(reason: reason, time: now))
    if error.isPermanent || !hasRegistered && configuration.givesUpIfFirstConnectionFails {
      failure = error
      // A run that gives up says why as it exits; one that stays (line mode) says it now.
      if !configuration.givesUpIfFirstConnectionFails {
        notify(.connectionFailed(reason: reason, retried: false), at: now)
      }
      return
    }
    notify(.connectionFailed(reason: reason, retried: true), at: now)
    scheduleReconnect(at: now, after: reason)
  }

  /// Reads what the stream has, hands it to the client, then writes what is queued.
  ///
  /// Reading stops while `maximumQueuedEvents` events wait for the loop: what the server
  /// sends faster than chat shows it then waits in the socket, not as actions in memory (a
  /// flood read 64 × 64 KiB at a time held 20,000 queued messages, +6 MiB at the peak).
  func pumpStream(at now: Timestamp) {
    // Bounded, so a fast server cannot keep the loop from the user's typing.
    for _ in 0..<64 {
      guard let stream else { return }
      guard queue.count - queueHead < Self.maximumQueuedEvents else { break }
      let result = readBuffer.withUnsafeMutableBytes { stream.read(into: $0) }
      switch result {
      case .bytes(let count):
        apply(client.receive(bytes: readBuffer[..<count], at: now), now)
      case .wouldBlock:
        return flush(at: now)
      case .closed:
        return lost("the server closed the connection", at: now)
      case .failed(let error):
        return lost(error.description, at: now)
      }
    }
    flush(at: now)
  }

  /// Writes what the stream takes now of what is queued.
  func flush(at now: Timestamp) {
    guard let stream, stream.isEstablished else { return }
    if case .failed(let error) = outgoing.flush(to: stream) { lost(error.description, at: now) }
  }

  /// The link broke or ended: the client fails what is unconfirmed and reports it.
  func lost(_ reason: String, at now: Timestamp) {
    closeStream()
    if clientStarted {
      apply(client.connectionClosed(reason: reason, at: now), now)
    } else {
      linkEnded(reason, at: now)
    }
  }

  /// Closes the stream, if any, and forgets what was queued for it.
  func closeStream() {
    stream?.close()
    stream = nil
    outgoing = OutgoingBytes()
  }

  /// After the client's `disconnected`: fails what is left, then reconnects unless leaving.
  func linkEnded(_ reason: String, at now: Timestamp) {
    closeStream()
    clientStarted = false
    if !pending.isEmpty {
      notify(.unconfirmedMessagesFailed(count: pending.count), at: now)
    }
    for (id, _) in pending {
      enqueue(
        .deliveryFailed(
          id: id,
          reason: "the connection was lost before the server confirmed it (\(reason)): it may"
            + " or may not have arrived", time: now))
    }
    pending.removeAll()
    enqueue(.disconnected(reason: reason, time: now))
    if leaving == .quitSent || leaving == .done {
      leaving = .done
      quitDeadline = nil
      return
    }
    if let port = upgradePort {
      upgradePort = nil
      upgrade(toTLSPort: UInt16(clamping: port), at: now)
      notify(.stsUpgrade(host: configuration.host, port: port), at: now)
      return dial(at: now)
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
      failure = .connectionLost(
        Endpoint(host: configuration.host, port: configuration.port), reason: reason)
      return
    }
    notify(.disconnected(reason: reason), at: now)
    scheduleReconnect(at: now, after: reason)
  }

  /// Connects over TLS (`upgradeTLS`) to `port` from now on: an STS upgrade, or a policy
  /// remembered from an earlier run. Call it before `connect(at:)`, or between connections.
  public func upgrade(toTLSPort port: UInt16, at now: Timestamp? = nil) {
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

  /// Takes in one step of the client: bytes to write, events to map, a close.
  func apply(_ output: IRCOutput, _ now: Timestamp) {
    if !output.lines.isEmpty, stream != nil { outgoing.append(output.bytes) }
    // Closed before the events are handled: a `.disconnected` among them may dial the next
    // stream at once (an STS upgrade), and that one must not be the stream closed here.
    if output.closeConnection, let stream {
      _ = outgoing.flush(to: stream)
      closeStream()
    }
    for event in output.events { handle(event, at: now) }
  }
}

extension TransportError {
  /// Whether trying again cannot help: a refused certificate, an unusable file, no TLS.
  var isPermanent: Bool {
    switch self {
    case .certificateRejected, .protocolTooOld, .unusableCAFile, .unusableCertificateFile,
      .tlsUnavailable:
      true
    default: false
    }
  }
}
