import ChatCore

/// The `WHO #chan %tcuhnfar,TOKEN` chat sends on joining a channel where the server offers
/// WHOX: the requests awaiting their `315`, each with what its `354` lines said. By token and
/// by folded channel; bounded (at most `pendingLimit` at once, `IRCChannels.memberCap` members
/// each), so a server answering what was not asked, or never ending, cannot grow it.
struct IRCWhoX: Hashable, Sendable {
  /// The most WHOX requests awaiting their end at once.
  static let pendingLimit = 100
  /// The fields asked for: token, channel, user, host, nick, flags, account, real name.
  static let fields = "tcuhnfar"

  struct Pending: Hashable, Sendable {
    var channel: String
    var key: String
    var members: [Member] = []
    /// Whether a `354` of it came: a WHOX of a channel we are in lists us at least, so a
    /// `315` before any is the end of another `WHO` (the user's, or one a server never
    /// answered, as in a recording made before chat asked).
    var isAnswered = false
  }

  /// The requests awaiting their end, by token.
  private(set) var pending: [String: Pending] = [:]
  private var counter = 0

  /// A WHOX for `channel` (folded: `key`) goes out: its token (1 to 999, as the spec allows
  /// three digits), nil when too many wait already or one for that channel does.
  mutating func ask(_ channel: String, key: String) -> String? {
    guard pending.count < Self.pendingLimit, !pending.values.contains(where: { $0.key == key })
    else { return nil }
    repeat { counter = counter % 999 + 1 } while pending["\(counter)"] != nil
    let token = "\(counter)"
    pending[token] = Pending(channel: channel, key: key)
    return token
  }

  /// A `354` line of the request `token`: one more member; false when no such request waits.
  mutating func add(_ member: Member, token: String) -> Bool {
    guard pending[token] != nil else { return false }
    pending[token]!.isAnswered = true
    if pending[token]!.members.count < IRCChannels.memberCap {
      pending[token]!.members.append(member)
    }
    return true
  }

  /// The `315` for the folded channel `key`: the request's channel and members, complete;
  /// nil when none for it has been answered.
  mutating func end(key: String) -> Pending? {
    guard let token = pending.first(where: { $0.value.key == key && $0.value.isAnswered })?.key
    else { return nil }
    return pending.removeValue(forKey: token)
  }
}
