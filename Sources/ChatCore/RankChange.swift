/// A channel member given or denied one rank prefix (IRC's `MODE #chan +o bob` gives `bob`
/// the prefix `@`): what keeps `Member.prefixes` up to date between member lists.
public struct RankChange: Hashable, Sendable {
  /// The member's nick.
  public var nick: String
  /// The prefix given or taken (`@`, `+`).
  public var prefix: Character
  /// Whether it was given (true) or taken away.
  public var isGiven: Bool

  /// Creates a change.
  public init(_ nick: String, prefix: Character, isGiven: Bool) {
    self.nick = nick
    self.prefix = prefix
    self.isGiven = isGiven
  }
}
