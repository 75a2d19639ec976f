import Glibc

/// One resolved address of an endpoint, copied out of `getaddrinfo`'s list.
struct SocketAddress {
  var storage = sockaddr_storage()
  var length: socklen_t
  var family: Int32

  /// Resolves `endpoint` to its stream addresses, in the resolver's order (IPv4 and IPv6).
  ///
  /// This is the one call in the transport that can block: `getaddrinfo` may ask DNS. A
  /// numeric host (`127.0.0.1`, `::1`) resolves without any lookup.
  static func resolve(_ endpoint: Endpoint) throws(TransportError) -> [SocketAddress] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_protocol = Int32(IPPROTO_TCP)
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
    guard status == 0 else {
      let reason = status == EAI_SYSTEM ? errnoText(errno) : String(cString: gai_strerror(status))
      throw .unresolvable(endpoint, reason: reason)
    }
    defer { freeaddrinfo(list) }
    var addresses: [SocketAddress] = []
    var entry = list
    while let info = entry?.pointee {
      entry = info.ai_next
      guard let source = info.ai_addr,
        info.ai_addrlen <= socklen_t(MemoryLayout<sockaddr_storage>.size)
      else { continue }
      var address = SocketAddress(length: info.ai_addrlen, family: info.ai_family)
      withUnsafeMutableBytes(of: &address.storage) { target in
        target.copyMemory(from: UnsafeRawBufferPointer(start: source, count: Int(info.ai_addrlen)))
      }
      addresses.append(address)
    }
    guard !addresses.isEmpty else {
      throw .unresolvable(endpoint, reason: "no address for a stream connection")
    }
    return addresses
  }
}

/// errno as the C library words it.
func errnoText(_ code: Int32) -> String {
  String(cString: strerror(code))
}

extension TransportError {
  /// The error a failed connect's errno means, for `endpoint`.
  static func connecting(_ endpoint: Endpoint, errno code: Int32) -> TransportError {
    switch code {
    case ECONNREFUSED: .refused(endpoint)
    case ETIMEDOUT: .timedOut(endpoint)
    case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN, EADDRNOTAVAIL, EAFNOSUPPORT:
      .unreachable(endpoint, reason: errnoText(code))
    default: .connectFailed(endpoint, reason: errnoText(code))
    }
  }
}
