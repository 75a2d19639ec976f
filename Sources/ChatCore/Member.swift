/// One person in a channel as `/names` lists them: the nick as shown, their membership
/// prefixes (`@`, `+`), and what the network told of them (account, away message, user and
/// host), so every renderer can show them the same way.
public struct Member: Hashable, Sendable {
  /// The nick as shown.
  public var nick: String
  /// Their membership prefixes, highest rank first in the network's order (IRC's `PREFIX`):
  /// every one they hold (`@+` with `multi-prefix`), empty for none.
  public var prefixes: String
  /// The account they are logged in to (`account-notify`, `extended-join`, WHOX); nil when
  /// not logged in or not known.
  public var account: String?
  /// Their away message while they are away (`away-notify`, WHOX); nil while they are here
  /// or when not known.
  public var awayMessage: String?
  /// Their user name (the part before `@` in `nick!user@host`), when known.
  public var user: String?
  /// Their host, when known.
  public var host: String?
  /// Their real name (`extended-join`, `setname`), when known.
  public var realName: String?

  /// Creates a member, here, with no prefix and nothing known unless said otherwise.
  public init(
    _ nick: String, prefixes: String = "", account: String? = nil, awayMessage: String? = nil,
    user: String? = nil, host: String? = nil, realName: String? = nil
  ) {
    self.nick = nick
    self.prefixes = prefixes
    self.account = account
    self.awayMessage = awayMessage
    self.user = user
    self.host = host
    self.realName = realName
  }

  /// Their highest prefix (`@` for an operator who also has voice), nil for none.
  public var highestPrefix: Character? { prefixes.first }

  /// `user@host` when both are known.
  public var userHost: String? {
    guard let user, let host else { return nil }
    return user + "@" + host
  }
}
