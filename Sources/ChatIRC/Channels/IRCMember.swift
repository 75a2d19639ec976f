/// A channel member from a names list: a nick, its membership prefixes (`@`, `+`), and its
/// user and host when the server sends them (`userhost-in-names`).
public struct IRCMember: Hashable, Sendable {
  /// The member's nick.
  public var nick: String
  /// The member's prefixes, highest first (several with `multi-prefix`).
  public var prefixes: String
  /// The member's user name, with `userhost-in-names`.
  public var user: String?
  /// The member's host, with `userhost-in-names`.
  public var host: String?

  /// Creates a member.
  public init(nick: String, prefixes: String = "", user: String? = nil, host: String? = nil) {
    self.nick = nick
    self.prefixes = prefixes
    self.user = user
    self.host = host
  }
}
