import ChatCore
import ChatIRC
import ChatSession
import ChatTransport

/// The byte stream under the session: dialling, reading, writing, losing it.
extension IRCSession: IRCSessionLink {
  /// Starts a connection attempt to the configured host and port.
  func dial(at now: Timestamp) {
    observe(.dialing, at: now)
    engine.dialing(at: now)
    let configuration = engine.configuration
    do throws(TransportError) {
      let tcp = try TCPConnection(host: configuration.host, port: configuration.port)
      if let tls = configuration.tls {
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
    observe(.connected, at: now)
    engine.established(at: now)
    flush(at: now)
  }

  /// Connecting failed: retried after a backoff delay, unless it cannot help.
  func connectFailed(_ error: TransportError, at now: Timestamp) {
    closeStream()
    connectDeadline = nil
    let givesUp =
      error.isPermanent || !engine.hasRegistered && configuration.givesUpIfFirstConnectionFails
    observe(.failed(reason: error.description, retrying: !givesUp), at: now)
    engine.attemptFailed(error.description, retrying: !givesUp, at: now)
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
      guard engine.queuedEventCount < Self.maximumQueuedEvents else { break }
      let result = readBuffer.withUnsafeMutableBytes { stream.read(into: $0) }
      switch result {
      case .bytes(let count):
        feed(readBuffer[..<count], at: now)
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

  /// The one path from the byte stream to the protocol client (live, and `chat-bench irc`
  /// through `receive(recorded:at:)`): `lineBuffer` frames it, and each line is recorded and
  /// handed to the client, and what it brings queued, before the next is recorded.
  func feed(_ bytes: some BidirectionalCollection<UInt8>, at now: Timestamp) {
    for item in lineBuffer.append(bytes) {
      if case .tooLong = item { overflowObserved = false }
      if reportsLink { observe(LinkEvent(item), at: now) }
      engine.apply(engine.client.receive(item, at: now), now)
    }
    // A line growing past the cap is reported as it crosses it, not only at its end; a
    // recording notes the crossing once (later calls for the same line change nothing).
    if lineBuffer.isDiscarding {
      let maximum = lineBuffer.maximumLineBytes
      if !overflowObserved {
        overflowObserved = true
        observe(.overflowing(maximumLineBytes: maximum), at: now)
      }
      engine.apply(engine.client.overlongLineArriving(maximumLineBytes: maximum, at: now), now)
    }
  }

  /// Writes what the stream takes now of what is queued.
  func flush(at now: Timestamp) {
    guard let stream, stream.isEstablished else { return }
    if case .failed(let error) = outgoing.flush(to: stream) { lost(error.description, at: now) }
  }

  /// The link broke or ended: the client fails what is unconfirmed and reports it.
  func lost(_ reason: String, at now: Timestamp) {
    let rest = lineBuffer.finish()
    closeStream()
    if engine.clientStarted, reportsLink {
      for item in rest { observe(LinkEvent(item), at: now) }
    }
    observe(.closed(reason: reason), at: now)
    engine.lost(reason, rest: rest, at: now)
  }

  /// Closes the stream, if any, and forgets what was queued for it and any partial line.
  func closeStream() {
    stream?.close()
    stream = nil
    outgoing = OutgoingBytes()
    lineBuffer = IRCLineBuffer()
    overflowObserved = false
  }

  /// Connects over TLS (`upgradeTLS`) to `port` from now on: an STS upgrade, or a policy
  /// remembered from an earlier run. Call it before `connect(at:)`, or between connections.
  public func upgrade(toTLSPort port: UInt16, at now: Timestamp? = nil) {
    engine.upgrade(toTLSPort: port, at: now)
  }

  var isLinkOpen: Bool { stream != nil }

  func write(_ output: IRCOutput, at now: Timestamp) {
    guard stream != nil else { return }
    outgoing.append(output.bytes)
    if reportsLink {
      for line in output.recordedLines { observe(.wrote(line), at: now) }
    }
  }

  func closeLink(flushingFirst: Bool) {
    if flushingFirst, let stream { _ = outgoing.flush(to: stream) }
    closeStream()
  }

  func redial(at now: Timestamp) { dial(at: now) }
}

extension TransportError {
  /// Whether trying again cannot help: a refused certificate, an unusable file, no TLS (at
  /// all, or on a port that answers in plaintext).
  var isPermanent: Bool {
    switch self {
    case .certificateRejected, .protocolTooOld, .unusableCAFile, .unusableCertificateFile,
      .tlsUnavailable, .noTLSAnswer(_, answeredInPlaintext: true):
      true
    default: false
    }
  }
}
