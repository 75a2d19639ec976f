/// A host and port a connection goes to, named the way people write them.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
  /// The host as the user gave it: a name, an IPv4 or an IPv6 address.
  public var host: String
  /// The TCP port.
  public var port: UInt16

  /// The endpoint `host:port`.
  public init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// `host:port`, with an IPv6 address in brackets (`[::1]:6697`).
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
