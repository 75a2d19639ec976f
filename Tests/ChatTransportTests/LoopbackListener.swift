import Glibc

/// A TCP listener on a free loopback port, the far end the TCP tests drive by hand.
final class LoopbackListener {
  let descriptor: Int32
  let port: UInt16

  /// Listens on 127.0.0.1 (or ::1) at a port the kernel picks.
  init(ipv6: Bool = false, backlog: Int32 = 8) throws {
    let family = ipv6 ? AF_INET6 : AF_INET
    let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw ChildError.cannotStart(errno) }
    self.descriptor = descriptor
    var storage = sockaddr_storage()
    var length: socklen_t
    if ipv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_addr = in6addr_loopback
      length = socklen_t(MemoryLayout<sockaddr_in6>.size)
      withUnsafeBytes(of: address) { source in
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
      }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
      withUnsafeBytes(of: address) { source in
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
      }
    }
    let bound = withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, listen(descriptor, backlog) == 0 else {
      close(descriptor)
      throw ChildError.cannotStart(errno)
    }
    port = Self.localPort(of: descriptor)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  deinit { close(descriptor) }

  /// Accepts one connection within the deadline, non-blocking; nil when none came.
  func accept(within deadline: Deadline) -> Int32? {
    while !deadline.hasPassed {
      let peer = Glibc.accept(descriptor, nil, nil)
      if peer >= 0 {
        _ = fcntl(peer, F_SETFL, fcntl(peer, F_GETFL) | O_NONBLOCK)
        return peer
      }
      guard errno == EAGAIN || errno == EINTR else { return nil }
      var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&watch, 1, deadline.remainingMilliseconds)
    }
    return nil
  }

  /// The port a socket is bound to.
  static func localPort(of descriptor: Int32) -> UInt16 {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return withUnsafeBytes(of: storage) { bytes in
      // sin_port and sin6_port sit at the same offset, in network order.
      UInt16(bigEndian: bytes.load(fromByteOffset: 2, as: UInt16.self))
    }
  }

  /// A loopback port nothing listens on: bound, never listened, then closed.
  static func closedPort() throws -> UInt16 {
    let probe = try LoopbackListener()
    return probe.port
  }
}
