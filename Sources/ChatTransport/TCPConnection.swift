import Glibc

/// A non-blocking TCP connection to a host and port, trying each resolved address in turn.
///
/// Nothing here blocks except resolving a host name (`getaddrinfo`, which may ask DNS; a
/// numeric address resolves without a lookup). Connecting runs on the caller's loop: watch
/// `interest` (write readiness while connecting) and call `advance()`; the descriptor changes
/// when an address fails and the next is tried. The caller owns the clock: when an attempt
/// outlives its deadline, `abandonAttempt()` moves on, and `attempt` says when one begins.
public final class TCPConnection: ByteStream {
  public let endpoint: Endpoint
  public private(set) var descriptor: Int32 = -1
  public private(set) var isEstablished = false
  /// Which resolved address is being tried (0 for the first); it grows as attempts fail.
  public private(set) var attempt = 0

  private let addresses: [SocketAddress]
  private var failure: TransportError?

  /// Resolves `host` and starts connecting to its first address that accepts a connect.
  ///
  /// Throws when the name does not resolve or every address fails at once; a refusal that
  /// takes a round trip arrives from `advance()`.
  public init(host: String, port: UInt16) throws(TransportError) {
    endpoint = Endpoint(host: host, port: port)
    addresses = try SocketAddress.resolve(endpoint)
    if case .failed(let error) = start(from: 0) { throw error }
  }

  deinit { close() }

  public var hasBufferedInput: Bool { false }

  public func interest(wantingToWrite: Bool) -> Interest {
    guard descriptor >= 0 else { return .none }
    return isEstablished ? Interest(read: true, write: wantingToWrite) : .writable
  }

  public func advance() -> ConnectProgress {
    if isEstablished { return .established }
    if let failure { return .failed(failure) }
    var code: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) != 0 { code = errno }
    if code == 0 {
      // SO_ERROR is also 0 while the connect is still in flight (a call before readiness):
      // only a peer address proves it finished.
      var peer = sockaddr_storage()
      var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let named = withUnsafeMutablePointer(to: &peer) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getpeername(descriptor, $0, &peerLength)
        }
      }
      if named == 0 {
        isEstablished = true
        return .established
      }
      if errno == ENOTCONN { return .waiting }
      code = errno
    }
    return give(up: .connecting(endpoint, errno: code))
  }

  /// Gives up on the current address (its deadline passed) and tries the next one.
  /// Connecting has no more to say than that it timed out.
  public var stalledConnectError: TransportError { .timedOut(endpoint) }

  public func abandonAttempt() -> ConnectProgress {
    if isEstablished { return .established }
    if let failure { return .failed(failure) }
    return give(up: .timedOut(endpoint))
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    if let failure { return .failed(failure) }
    guard isEstablished, buffer.count > 0 else { return .wouldBlock }
    while true {
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .closed }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      case let code: return .failed(lose(code))
      }
    }
  }

  public func write(_ bytes: UnsafeRawBufferPointer) -> WriteResult {
    if let failure { return .failed(failure) }
    guard isEstablished else { return .wouldBlock }
    guard bytes.count > 0 else { return .wrote(0) }
    while true {
      // MSG_NOSIGNAL: a peer that went away is an error value here, not a SIGPIPE.
      let count = send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
      if count >= 0 { return .wrote(count) }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      case let code: return .failed(lose(code))
      }
    }
  }

  public func close() {
    guard descriptor >= 0 else { return }
    Glibc.close(descriptor)
    descriptor = -1
  }

  /// Starts the first address from `index` whose connect does not fail at once.
  private func start(from index: Int) -> ConnectProgress {
    var lastError = TransportError.unreachable(endpoint, reason: "no address left to try")
    for next in index..<addresses.count {
      attempt = next
      var address = addresses[next]
      let socketType = Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
      let socket = Glibc.socket(address.family, socketType, Int32(IPPROTO_TCP))
      guard socket >= 0 else {
        lastError = .connecting(endpoint, errno: errno)
        continue
      }
      // Chat lines are small and interactive: send each at once rather than batch them.
      var on: Int32 = 1
      setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      let status = withUnsafePointer(to: &address.storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(socket, $0, address.length)
        }
      }
      let code = status == 0 ? 0 : errno
      if status == 0 || code == EINPROGRESS || code == EINTR {
        descriptor = socket
        isEstablished = status == 0
        return isEstablished ? .established : .waiting
      }
      Glibc.close(socket)
      lastError = .connecting(endpoint, errno: code)
    }
    descriptor = -1
    failure = lastError
    return .failed(lastError)
  }

  /// Closes the current attempt and tries the next address, or fails with `error`.
  private func give(up error: TransportError) -> ConnectProgress {
    close()
    guard attempt + 1 < addresses.count else {
      failure = error
      return .failed(error)
    }
    return start(from: attempt + 1)
  }

  /// Records an established connection breaking.
  private func lose(_ code: Int32) -> TransportError {
    let error = TransportError.connectionLost(endpoint, reason: errnoText(code))
    failure = error
    return error
  }
}
