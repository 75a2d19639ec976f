/// The parts of a message source: `nick!user@host`, or a server name alone.
public struct IRCSource: Hashable, Sendable {
  /// The nick, or the server name when the source is a server.
  public var nick: String
  /// The user name, when the source carries one.
  public var user: String?
  /// The host, when the source carries one.
  public var host: String?

  /// Splits `source` at its first `@` and the first `!` before that.
  public init(_ source: some StringProtocol) {
    let text = Substring(source)
    let at = text.firstIndex(of: "@")
    let bang = text[..<(at ?? text.endIndex)].firstIndex(of: "!")
    nick = String(text[..<(bang ?? at ?? text.endIndex)])
    user = bang.map { String(text[text.index(after: $0)..<(at ?? text.endIndex)]) }
    host = at.map { String(text[text.index(after: $0)...]) }
  }

  /// Whether this looks like a server rather than a user: no user, no host, and a dot.
  public var isServer: Bool { user == nil && host == nil && nick.contains(".") }
}
