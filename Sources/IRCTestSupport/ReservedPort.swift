import Glibc

/// A free TCP port on 127.0.0.1, held for a server the test is about to start.
///
/// Finding a free port by binding port 0 and closing the socket leaves a window in which the
/// kernel can hand the same port to someone else. This keeps the socket bound (not listening)
/// with `SO_REUSEADDR` instead: the kernel never picks a bound port for another ephemeral bind or
/// outgoing connection, while a server that sets `SO_REUSEADDR` (InspIRCd and ngircd both do)
/// can still bind and listen on it. The hold lasts until `release()` or deinit, so a server
/// restarted on the same port finds it free. A server that still fails to bind gets `renew()`.
public final class ReservedPort {
  /// The port number.
  public private(set) var number: UInt16 = 0
  private var descriptor: Int32 = -1

  /// Reserves a port the kernel picks.
  public init() throws {
    try renew()
  }

  deinit { release() }

  /// Drops the current port and reserves another.
  public func renew() throws {
    release()
    let socket = Glibc.socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw TestServerError.systemCall("socket", errno: errno) }
    var one: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = LoopbackAddress.make(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let error = errno
      close(socket)
      throw TestServerError.systemCall("bind", errno: error)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    descriptor = socket
    number = UInt16(bigEndian: address.sin_port)
  }

  /// Lets the port go.
  public func release() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }
}

/// `sockaddr_in` for 127.0.0.1.
enum LoopbackAddress {
  static func make(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }
}
