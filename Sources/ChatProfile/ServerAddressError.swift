import ChatRendering

/// Why a server URL cannot be used.
public enum ServerAddressError: Error, Equatable, CustomStringConvertible {
  /// `irc://host#chat`: the channel list starts after a slash.
  case channelWithoutSlash(String)
  /// A channel in the URL that no server would accept.
  case invalidChannel(IRCNameError)
  /// A host name with characters or empty parts a host name cannot have.
  case invalidHost(String)
  /// Brackets holding something other than an IPv6 address.
  case invalidIPv6(String)
  /// A `%` not followed by two hex digits, or decoding to something that is not UTF-8.
  case invalidPercentEncoding(String)
  /// A port that is not a number from 1 to 65535.
  case invalidPort(String)
  /// `irc://` with nothing after it, or `irc://:6667`.
  case missingHost
  /// No `irc://` or `ircs://` in front.
  case missingScheme(String)
  /// A `?` part, which IRC URLs do not use.
  case query(String)
  /// An IPv6 address without the brackets that tell it from a port.
  case unbracketedIPv6(String)
  /// An old IRC URL flag such as `,isnick`.
  case unsupportedFlag(String)
  /// A scheme other than `irc` and `ircs`.
  case unsupportedScheme(String)
  /// A `user:password@` part. Its text is never repeated: it may hold a password.
  case userInfo

  public var description: String {
    switch self {
    case .channelWithoutSlash(let url):
      "'\(Sanitizer.sanitize(url))' has a channel without a slash before it: write"
        + " irc://HOST/#channel"
    case .invalidChannel(let error):
      error.description
    case .invalidHost(let host):
      "'\(Sanitizer.sanitize(host))' is not a host name or [IPv6] address"
    case .invalidIPv6(let literal):
      "'[\(Sanitizer.sanitize(literal))]' is not an IPv6 address"
    case .invalidPercentEncoding(let text):
      "'\(Sanitizer.sanitize(text))' has a % that is not followed by two hex digits of UTF-8"
    case .invalidPort(let port):
      "port '\(Sanitizer.sanitize(port))' is not a number from 1 to 65535"
    case .missingHost:
      "the URL names no host"
    case .missingScheme(let text):
      "'\(Sanitizer.sanitize(text))' is not an irc:// or ircs:// URL: write"
        + " irc://HOST[:PORT][/#channel] or ircs://HOST[:PORT][/#channel]"
    case .query(let url):
      "'\(Sanitizer.sanitize(url))' has a ? part, which IRC URLs do not use"
    case .unbracketedIPv6(let host):
      "'\(Sanitizer.sanitize(host))' looks like an IPv6 address: put it in brackets, as"
        + " irc://[::1]:6667"
    case .unsupportedFlag(let flag):
      "the URL flag '\(Sanitizer.sanitize(flag))' is not supported: list channels only"
    case .unsupportedScheme(let scheme):
      "the scheme '\(Sanitizer.sanitize(scheme))://' is not supported: use irc:// (plaintext,"
        + " port 6667) or ircs:// (TLS, port 6697)"
    case .userInfo:
      "a user name or password in the URL is not accepted (it would be visible to every local"
        + " user): use --sasl-user NAME with CHAT_SASL_PASSWORD or --sasl-password-file FILE"
    }
  }
}
