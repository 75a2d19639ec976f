import CTLS
import Glibc

/// A TLS client over a `TCPConnection`, driven by the caller's loop without blocking.
///
/// OpenSSL works on memory buffers here and this type moves the bytes through the TCP
/// connection itself: every socket call stays non-blocking and `MSG_NOSIGNAL`, and what TLS
/// wants maps onto `interest(wantingToWrite:)`: read readiness for the peer's records, write
/// readiness while encrypted bytes wait to go out (also after a read: a key update answers).
/// Hand it a TCP connection that is still connecting: `advance()` finishes the connect, then
/// the handshake, and checks the certificate unless the configuration is `insecure`.
public final class TLSConnection: ByteStream {
  /// The largest plaintext one TLS record carries; writes go in pieces of at most this.
  static let recordSize = 16_384

  public var endpoint: Endpoint { transport.endpoint }
  public var descriptor: Int32 { closed ? -1 : transport.descriptor }
  public private(set) var isEstablished = false
  /// What the handshake settled on, for a status line; nil until established.
  public private(set) var sessionInfo: TLSSessionInfo?

  let transport: TCPConnection
  let context: TLSContext
  let ssl: OpaquePointer
  /// Records from the peer, written here from the socket for OpenSSL to read.
  private let incoming: OpaquePointer
  /// Records OpenSSL produced, moved from here into `pending` and on to the socket.
  private let outgoing: OpaquePointer
  private var pending = OutgoingBytes()
  private var scratch = [UInt8](repeating: 0, count: recordSize + 512)
  private var failure: TransportError?
  /// Whether the peer has sent anything since the TCP connection was made.
  private var heardFromPeer = false
  /// A write waits for the peer's bytes (TLS 1.2 renegotiation): watching write would spin.
  private var writeWantsRead = false
  private var closed = false

  /// Prepares a TLS client for `transport`'s host with `context`'s trust and certificate.
  public init(over transport: TCPConnection, context: TLSContext) throws(TransportError) {
    self.transport = transport
    self.context = context
    ERR_clear_error()
    guard let ssl = SSL_new(context.context) else {
      throw .tlsUnavailable(reason: openSSLReason(default: "cannot create a TLS session"))
    }
    guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
      SSL_free(ssl)
      throw .tlsUnavailable(reason: "out of memory")
    }
    // An empty buffer means "more later", as a non-blocking socket would say.
    chat_BIO_set_mem_eof_return(incoming, -1)
    SSL_set_bio(ssl, incoming, outgoing)
    self.ssl = ssl
    self.incoming = incoming
    self.outgoing = outgoing
    SSL_set_connect_state(ssl)
    try expectPeer(named: transport.endpoint.host)
  }

  deinit {
    close()
    SSL_free(ssl)
  }

  public var hasBufferedInput: Bool {
    isEstablished && !closed && (SSL_pending(ssl) > 0 || chat_BIO_pending(incoming) > 0)
  }

  public func interest(wantingToWrite: Bool) -> Interest {
    if closed || failure != nil { return .none }
    guard transport.isEstablished else { return transport.interest }
    let write = !pending.isEmpty || (isEstablished && wantingToWrite && !writeWantsRead)
    return Interest(read: true, write: write)
  }

  public func advance() -> ConnectProgress {
    if let failure { return .failed(failure) }
    if isEstablished { return .established }
    if closed { return .failed(.closedDuringHandshake(endpoint)) }
    if !transport.isEstablished {
      switch transport.advance() {
      case .established: break
      case .waiting: return .waiting
      case .failed(let error): return .failed(fail(error))
      }
    }
    // Bounded: each pass either consumes the peer's bytes or returns.
    for _ in 0..<64 {
      ERR_clear_error()
      let status = SSL_do_handshake(ssl)
      if let error = sendRecords() { return .failed(fail(error)) }
      if status == 1 {
        let session = TLSSessionInfo(ssl, verified: !context.configuration.insecure)
        // A pinned certificate is checked before any line of ours is written.
        if let mismatch = pinMismatch(session) { return .failed(fail(mismatch)) }
        isEstablished = true
        sessionInfo = session
        return .established
      }
      guard SSL_get_error(ssl, status) == SSL_ERROR_WANT_READ else {
        return .failed(fail(handshakeError()))
      }
      switch receiveRecords() {
      case .bytes: continue
      case .wouldBlock: return .waiting
      case .closed: return .failed(fail(.closedDuringHandshake(endpoint)))
      case .failed(let error): return .failed(fail(error))
      }
    }
    return .waiting
  }

  /// Which resolved address the TCP connect is trying (see `TCPConnection.attempt`).
  public var attempt: Int { transport.attempt }

  /// Gives up on the current step, its deadline passed: a TCP attempt moves on to the next
  /// address; a handshake that stalls fails as timed out.
  public func abandonAttempt() -> ConnectProgress {
    if let failure { return .failed(failure) }
    if isEstablished { return .established }
    guard transport.isEstablished else {
      let progress = transport.abandonAttempt()
      if case .failed(let error) = progress { fail(error) }
      return progress
    }
    return .failed(fail(stalledConnectError))
  }

  /// A handshake the server never answered (a plaintext IRC port waits for a line, and a
  /// ClientHello is none) says so; otherwise the connect or the handshake timed out.
  public var stalledConnectError: TransportError {
    transport.isEstablished && !heardFromPeer
      ? .noTLSAnswer(endpoint, answeredInPlaintext: false) : .timedOut(endpoint)
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    if let failure { return .failed(failure) }
    guard isEstablished, !closed, buffer.count > 0 else { return .wouldBlock }
    for _ in 0..<64 {
      ERR_clear_error()
      var count = 0
      let status = SSL_read_ex(ssl, buffer.baseAddress, buffer.count, &count)
      // Reading can produce records to send (a key update's answer); they wait in `pending`.
      if let error = sendRecords() { return .failed(fail(error)) }
      if status == 1 {
        writeWantsRead = false
        return .bytes(count)
      }
      switch SSL_get_error(ssl, 0) {
      case SSL_ERROR_WANT_READ: break
      case SSL_ERROR_ZERO_RETURN: return .closed
      default:
        return .failed(fail(.tlsFailed(endpoint, reason: openSSLReason(default: "read failed"))))
      }
      switch receiveRecords() {
      case .bytes: continue
      case let other: return other
      }
    }
    return .wouldBlock
  }

  public func write(_ bytes: UnsafeRawBufferPointer) -> WriteResult {
    if let failure { return .failed(failure) }
    guard isEstablished, !closed else { return .wouldBlock }
    if let error = sendRecords() { return .failed(fail(error)) }
    // Take no more plaintext while records wait: that bounds what this stream holds.
    guard pending.isEmpty else { return .wouldBlock }
    guard bytes.count > 0 else { return .wrote(0) }
    ERR_clear_error()
    var count = 0
    let status = SSL_write_ex(ssl, bytes.baseAddress, min(bytes.count, Self.recordSize), &count)
    if let error = sendRecords() { return .failed(fail(error)) }
    if status == 1 {
      writeWantsRead = false
      return .wrote(count)
    }
    switch SSL_get_error(ssl, 0) {
    case SSL_ERROR_WANT_READ:
      writeWantsRead = true
      return .wouldBlock
    case SSL_ERROR_WANT_WRITE: return .wouldBlock
    default:
      return .failed(fail(.tlsFailed(endpoint, reason: openSSLReason(default: "write failed"))))
    }
  }

  public func close() {
    guard !closed else { return }
    closed = true
    if isEstablished && failure == nil {
      // Say goodbye if the socket has room; never wait for it.
      ERR_clear_error()
      SSL_shutdown(ssl)
      _ = sendRecords()
    }
    transport.close()
  }

  /// Moves OpenSSL's records to the socket as far as it takes them; the rest waits.
  private func sendRecords() -> TransportError? {
    while chat_BIO_pending(outgoing) > 0 {
      let count = scratch.withUnsafeMutableBytes {
        BIO_read(outgoing, $0.baseAddress, Int32($0.count))
      }
      guard count > 0 else { break }
      pending.append(scratch[..<Int(count)])
    }
    guard !pending.isEmpty else { return nil }
    if case .failed(let error) = pending.flush(to: transport) { return error }
    return nil
  }

  /// Reads one chunk of the peer's records from the socket into OpenSSL's buffer. The
  /// server's first byte must start a TLS record (content types 20–23: a ServerHello, an
  /// alert): anything else is a plaintext server answering, which OpenSSL would call a
  /// wrong version number.
  private func receiveRecords() -> ReadResult {
    let result = scratch.withUnsafeMutableBytes { transport.read(into: $0) }
    if case .bytes(let count) = result {
      if !heardFromPeer {
        heardFromPeer = true
        guard (20...23).contains(scratch[0]) else {
          return .failed(fail(.noTLSAnswer(endpoint, answeredInPlaintext: true)))
        }
      }
      let written = scratch.withUnsafeBytes { BIO_write(incoming, $0.baseAddress, Int32(count)) }
      guard written == Int32(count) else {
        return .failed(fail(.tlsUnavailable(reason: "cannot buffer the peer's records")))
      }
    }
    return result
  }

  /// Records `error` as final and closes the socket.
  @discardableResult
  private func fail(_ error: TransportError) -> TransportError {
    failure = error
    closed = true
    transport.close()
    return error
  }
}
