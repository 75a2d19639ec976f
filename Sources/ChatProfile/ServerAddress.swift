import Glibc

/// Where an IRC server is and which channels to join there, as an `irc://` or `ircs://` URL
/// names them: `irc://HOST[:PORT][/#channel[,#other]]`.
public struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
  /// The port `irc://` uses when the URL names none.
  public static let plaintextPort: UInt16 = 6667
  /// The port `ircs://` uses when the URL names none.
  public static let tlsPort: UInt16 = 6697

  /// The host name in lower case, or an IPv6 address without its brackets.
  public var host: String
  /// The TCP port.
  public var port: UInt16
  /// Whether the connection is TLS (`ircs://`).
  public var usesTLS: Bool
  /// The channels the URL names, in its order, each with its prefix (`#chat`).
  public var channels: [String]

  /// Creates an address from its parts.
  public init(host: String, port: UInt16, usesTLS: Bool, channels: [String] = []) {
    (self.host, self.port, self.usesTLS, self.channels) = (host, port, usesTLS, channels)
  }

  /// Whether `host` is an IPv6 address (shown in brackets).
  public var isIPv6Literal: Bool { host.contains(":") }

  /// `host:port` as people write it: `irc.libera.chat:6697`, `[::1]:6667`.
  public var endpoint: String {
    (isIPv6Literal ? "[\(host)]" : host) + ":\(port)"
  }

  /// The URL again, port always spelled, channels literally: `ircs://irc.libera.chat:6697/#chat`.
  public var description: String {
    let path = channels.isEmpty ? "" : "/" + channels.joined(separator: ",")
    return (usesTLS ? "ircs://" : "irc://") + endpoint + path
  }

  /// Reads an `irc://` or `ircs://` URL. Channels may be percent-encoded (`%23chat`) or
  /// written literally (`#chat`); a bare name is a `#` channel.
  public init(parsing text: String) throws(ServerAddressError) {
    guard let separator = text.firstRange(of: "://") else { throw .missingScheme(text) }
    let scheme = text[..<separator.lowerBound].lowercased()
    switch scheme {
    case "irc": usesTLS = false
    case "ircs": usesTLS = true
    default: throw .unsupportedScheme(String(text[..<separator.lowerBound]))
    }
    let rest = text[separator.upperBound...]
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<slash]
    // A user name and password in the URL would sit in the process list: never quote them.
    guard !authority.contains("@") else { throw .userInfo }
    if authority.contains("?") || rest.contains("?") { throw .query(text) }
    if authority.contains("#") { throw .channelWithoutSlash(text) }
    let (host, portText) = try Self.split(authority: authority)
    self.host = try Self.checkedHost(host)
    if let portText {
      guard !portText.isEmpty, portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        portText.utf8.count <= 5, let number = UInt16(portText), number > 0
      else { throw .invalidPort(String(portText)) }
      port = number
    } else {
      port = usesTLS ? Self.tlsPort : Self.plaintextPort
    }
    channels = slash == rest.endIndex ? [] : try Self.channels(rest[rest.index(after: slash)...])
  }

  /// The host and, after a colon, the port text (nil when there is no colon).
  private static func split(authority: Substring) throws(ServerAddressError) -> (
    host: Substring, port: Substring?
  ) {
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { throw .invalidHost(String(authority)) }
      let literal = authority[authority.index(after: authority.startIndex)..<close]
      let after = authority[authority.index(after: close)...]
      guard after.isEmpty || after.hasPrefix(":") else { throw .invalidHost(String(authority)) }
      var address = in6_addr()
      guard inet_pton(AF_INET6, String(literal), &address) == 1 else {
        throw .invalidIPv6(String(literal))
      }
      return (literal, after.isEmpty ? nil : after.dropFirst())
    }
    let colons = authority.count(where: { $0 == ":" })
    if colons > 1 { throw .unbracketedIPv6(String(authority)) }
    guard let colon = authority.firstIndex(of: ":") else { return (authority, nil) }
    return (authority[..<colon], authority[authority.index(after: colon)...])
  }

  private static func checkedHost(_ host: Substring) throws(ServerAddressError) -> String {
    guard !host.isEmpty else { throw .missingHost }
    if host.contains(":") { return host.lowercased() }  // an IPv6 literal, already checked
    let allowed = host.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "." || scalar == "_"
    }
    // Empty labels (`a..b`, `.a`) are no name; one trailing dot is a fully qualified one.
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    let emptyLabel = labels.dropLast().contains(where: \.isEmpty) || labels == [""]
    guard allowed, !emptyLabel, host.utf8.count <= 253 else { throw .invalidHost(String(host)) }
    return host.lowercased()
  }

  private static func channels(_ path: Substring) throws(ServerAddressError) -> [String] {
    guard !path.isEmpty else { return [] }
    var names: [String] = []
    for item in path.split(separator: ",", omittingEmptySubsequences: false) {
      // The old IRC URL draft's flags: refused rather than read as channels named so.
      if ["isnick", "isserver", "needkey", "needpass"].contains(item.lowercased()) {
        throw .unsupportedFlag(String(item))
      }
      let decoded = try percentDecoded(item)
      do {
        let name = try IRCName.channel(decoded)
        if !names.contains(name) { names.append(name) }
      } catch {
        throw .invalidChannel(error)
      }
    }
    return names
  }

  private static func percentDecoded(_ text: Substring) throws(ServerAddressError) -> String {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let digits = utf8.prefix(2)
      guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
      else { throw .invalidPercentEncoding(String(text)) }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else {
      throw .invalidPercentEncoding(String(text))
    }
    return decoded
  }
}
