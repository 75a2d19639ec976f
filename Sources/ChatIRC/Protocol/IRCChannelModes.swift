/// Which channel modes take a parameter (`CHANMODES=A,B,C,D` in `RPL_ISUPPORT`): lists
/// (type A) and settings (B) always do, limits (C) only when set, flags (D) never. Membership
/// modes (`PREFIX`) always take a nick, and are not listed here.
public struct IRCChannelModes: Hashable, Sendable {
  /// Types A and B: a parameter whether set or unset (`b`, `k`).
  public var alwaysWithParameter: Set<Character> = ["b", "e", "I", "k"]
  /// Type C: a parameter when set only (`l`).
  public var parameterWhenSet: Set<Character> = ["l"]

  /// The usual modes, for a server that has not said.
  public init() {}

  /// `A,B,C,D` as a server sends it; nil when it has fewer than four parts.
  public init?(parsing value: String) {
    let types = value.split(separator: ",", omittingEmptySubsequences: false)
    guard types.count >= 4 else { return nil }
    alwaysWithParameter = Set(types[0]).union(types[1])
    parameterWhenSet = Set(types[2])
  }

  /// Whether mode `mode`, set (`adding`) or unset, takes a parameter, given the membership
  /// modes `membership`.
  public func takesParameter(_ mode: Character, adding: Bool, membership: Set<Character>)
    -> Bool
  {
    membership.contains(mode) || alwaysWithParameter.contains(mode)
      || (adding && parameterWhenSet.contains(mode))
  }
}
