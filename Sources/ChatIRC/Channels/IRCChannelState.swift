/// A channel we are in: its name as the server spells it, and who is in it.
struct IRCChannelState: Hashable, Sendable {
  /// The most members kept per channel, so a hostile names list cannot grow without bound.
  static let memberCap = 50_000

  var name: String
  /// Members' nicks as spelled, keyed by their case-folded form.
  var members: [String: String] = [:]

  mutating func add(_ nick: String, folded: String) {
    guard members.count < Self.memberCap || members[folded] != nil else { return }
    members[folded] = nick
  }
}
