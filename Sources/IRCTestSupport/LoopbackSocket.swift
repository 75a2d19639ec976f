import Glibc

/// Non-blocking TCP sockets to 127.0.0.1, connected within a deadline.
enum LoopbackSocket {
  /// A connected non-blocking socket to 127.0.0.1:`port`.
  static func connect(port: UInt16, timeout: Double) throws -> Int32 {
    let socket = Glibc.socket(
      AF_INET,
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard socket >= 0 else { throw RawIRCClient.Failure.connectFailed(port: port, errno: errno) }
    var address = LoopbackAddress.make(port: port)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    if result != 0 && errno != EINPROGRESS {
      let error = errno
      close(socket)
      throw RawIRCClient.Failure.connectFailed(port: port, errno: error)
    }
    var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
    let deadline = Deadline(seconds: timeout)
    while poll(&entry, 1, deadline.pollMilliseconds()) <= 0 && !deadline.hasPassed {}
    var error: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
    if entry.revents == 0 && error == 0 { error = ETIMEDOUT }
    guard error == 0 else {
      close(socket)
      throw RawIRCClient.Failure.connectFailed(port: port, errno: error)
    }
    return socket
  }

  /// A listening non-blocking socket on 127.0.0.1, on a port the kernel picks.
  static func listen() throws -> (descriptor: Int32, port: UInt16) {
    let socket = Glibc.socket(
      AF_INET,
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard socket >= 0 else { throw TestServerError.systemCall("socket", errno: errno) }
    var address = LoopbackAddress.make(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, Glibc.listen(socket, 64) == 0 else {
      let error = errno
      close(socket)
      throw TestServerError.systemCall("bind/listen", errno: error)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    return (socket, UInt16(bigEndian: address.sin_port))
  }
}
