/// A channel membership mode and the prefix that shows it in names (`o` and `@`).
public struct IRCMembershipPrefix: Hashable, Sendable {
  /// The channel mode letter.
  public var mode: Character
  /// The character before a member's nick in `NAMES`.
  public var prefix: Character

  /// Creates a pair.
  public init(mode: Character, prefix: Character) {
    self.mode = mode
    self.prefix = prefix
  }
}
