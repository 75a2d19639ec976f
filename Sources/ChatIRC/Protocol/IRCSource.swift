/// The parts of a message source: `nick!user@host`, or a server name alone.
public struct IRCSource: Hashable, Sendable {
  /// The nick, or the server name when the source is a server.
  public var nick: String
  /// The user name, when the source carries one.
  public var user: String?
  /// The host, when the source carries one.
  public var host: String?

  /// Splits `source` at its first `@` and the first `!` before that. (Bytes, not characters:
  /// both are ASCII, and a character made of `!` and a combining mark still splits.)
  public init(_ source: some StringProtocol) {
    let text = Substring(source)
    let bytes = text.utf8
    let at = bytes.firstIndex(of: UInt8(ascii: "@"))
    let bang = bytes[..<(at ?? bytes.endIndex)].firstIndex(of: UInt8(ascii: "!"))
    func part(_ range: Range<String.Index>) -> String { String(Substring(bytes[range])) }
    nick = part(bytes.startIndex..<(bang ?? at ?? bytes.endIndex))
    user = bang.map { part(bytes.index(after: $0)..<(at ?? bytes.endIndex)) }
    host = at.map { part(bytes.index(after: $0)..<bytes.endIndex) }
  }

  /// Whether this looks like a server rather than a user: no user, no host, and a dot.
  public var isServer: Bool { user == nil && host == nil && nick.contains(".") }
}
