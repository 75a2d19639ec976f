/// A channel member from a names list: a nick and its membership prefixes (`@`, `+`).
public struct IRCMember: Hashable, Sendable {
  /// The member's nick.
  public var nick: String
  /// The member's prefixes, highest first (several with `multi-prefix`).
  public var prefixes: String

  /// Creates a member.
  public init(nick: String, prefixes: String = "") {
    self.nick = nick
    self.prefixes = prefixes
  }
}
