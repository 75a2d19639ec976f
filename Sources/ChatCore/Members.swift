/// The people in a channel, looked up by their normalised nick, and listed by rank.
///
/// Everything known of a member lives here with the nick, the one place members are kept:
/// their prefixes, account, away message, user and host. A member who leaves takes it with
/// them, and a renamed one keeps it. Lookups by key are O(1); `listed` sorts, O(n log n).
public struct Members: Equatable, Sendable {
  /// Each member, by their key (`NameRules.key(for:)`).
  private var members: [String: Member] = [:]
  /// The membership prefixes, highest rank first (`NameRules.memberPrefixes` when the list
  /// was made): what orders `listed` and each member's `prefixes`.
  public private(set) var prefixOrder: [Character]

  /// The most members kept in one channel: a hostile server's endless `JOIN`s of new nicks
  /// cannot grow the list without bound (the largest real channels hold about 20,000).
  public static let limit = 50_000

  /// Creates an empty member list whose ranks are `prefixOrder`, highest first.
  public init(prefixOrder: [Character] = NameRules().memberPrefixes) {
    self.prefixOrder = prefixOrder
  }

  /// How many people are in the channel.
  public var count: Int { members.count }

  /// The nicks, sorted by their keys so the order does not depend on how they arrived.
  public var sorted: [String] { members.sorted { $0.key < $1.key }.map(\.value.nick) }

  /// The members, highest rank first (operators, then voiced, then the rest, in
  /// `prefixOrder`), each rank sorted by key: what `/names` lists and a nick list shows.
  public var listed: [Member] {
    members.map { (rank: rank(of: $0.value), key: $0.key, member: $0.value) }
      .sorted { ($0.rank, $0.key) < ($1.rank, $1.key) }
      .map(\.member)
  }

  /// The first `count` members of `listed`, without sorting the rest: what a nick list of
  /// `count` rows shows. O(n log count) comparisons, and most members cost one: a frame of
  /// the full screen in a channel of thousands asks for a screenful.
  public func listed(first count: Int) -> [Member] {
    guard count > 0 else { return [] }
    guard count < members.count else { return listed }
    // The best `count` so far, in order, as (rank, key) and where the member is: a member
    // is copied out only at the end, if among the first.
    typealias Entry = (rank: Int, key: String, index: Dictionary<String, Member>.Index)
    var best: [Entry] = []
    best.reserveCapacity(count + 1)
    for index in members.indices {
      let key = members.keys[index]
      let rank =
        members.values[index].highestPrefix.flatMap { prefixOrder.firstIndex(of: $0) }
        ?? prefixOrder.count
      if best.count == count {
        guard (rank, key) < (best[count - 1].rank, best[count - 1].key) else { continue }
        best.removeLast()
      }
      var low = 0
      var high = best.count
      while low < high {
        let middle = (low + high) / 2
        if (best[middle].rank, best[middle].key) < (rank, key) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      best.insert((rank, key, index), at: low)
    }
    return best.map { members.values[$0.index] }
  }

  /// Where `member` ranks: 0 for the highest prefix of `prefixOrder`, `prefixOrder.count`
  /// for someone with none. O(prefixes).
  public func rank(of member: Member) -> Int {
    member.highestPrefix.flatMap { prefixOrder.firstIndex(of: $0) } ?? prefixOrder.count
  }

  /// Whether someone with this nick's `key` is a member. O(1).
  public func contains(key: String) -> Bool { members[key] != nil }

  /// The member with `key`, nil when there is none. O(1).
  public func member(key: String) -> Member? { members[key] }

  /// The away message of the member with `key`; nil when they are here or no member. O(1).
  public func awayMessage(key: String) -> String? { members[key]?.awayMessage }

  /// Adds `nick`, whose key under the state's rules is `key`, unless `limit` are in already;
  /// one already in keeps what is known of them, under the new spelling.
  mutating func insert(_ nick: String, key: String) {
    insert(Member(nick), key: key)
  }

  /// Adds `member` (key `key`) unless `limit` are in already, its prefixes put in rank order
  /// (unknown ones dropped). One already in takes the new spelling and prefixes and keeps
  /// what is known of them that `member` does not say.
  mutating func insert(_ member: Member, key: String) {
    guard members.count < Self.limit || members[key] != nil else { return }
    var member = member
    member.prefixes = ordered(member.prefixes)
    if let known = members[key] {
      member.account = member.account ?? known.account
      member.awayMessage = member.awayMessage ?? known.awayMessage
      member.user = member.user ?? known.user
      member.host = member.host ?? known.host
      member.realName = member.realName ?? known.realName
    }
    members[key] = member
  }

  /// Removes the member with `key`; returns whether there was one.
  @discardableResult mutating func remove(key: String) -> Bool {
    members.removeValue(forKey: key) != nil
  }

  /// Renames the member with `key` to `nick` (`newKey`), keeping all else; returns whether
  /// there was one.
  mutating func rename(key: String, to nick: String, newKey: String) -> Bool {
    guard var member = members.removeValue(forKey: key) else { return false }
    member.nick = nick
    members[newKey] = member
    return true
  }

  /// Marks the member with `key` away with `message`, or back (nil); returns whether that
  /// changed anything (no member, or the same state again, changes nothing).
  mutating func setAway(key: String, message: String?) -> Bool {
    update(key) { $0.awayMessage = message }
  }

  /// Gives the member with `key` the prefix `prefix`, or takes it away; returns whether that
  /// changed anything. A prefix not in `prefixOrder` changes nothing.
  mutating func setPrefix(_ prefix: Character, held: Bool, key: String) -> Bool {
    let order = prefixOrder
    guard order.contains(prefix) else { return false }
    return update(key) { member in
      let others = member.prefixes.filter { $0 != prefix }
      member.prefixes = held ? Self.ordered(others + String(prefix), in: order) : others
    }
  }

  /// Makes `change` to the member with `key`; returns whether that changed anything.
  mutating func apply(_ change: MemberChange, key: String) -> Bool {
    update(key) { $0 = $0.changed(by: change) }
  }

  /// The network's prefixes changed: ranks are `order` from now on (prefixes it lacks go).
  mutating func reorder(_ order: [Character]) {
    guard order != prefixOrder else { return }
    prefixOrder = order
    for (key, member) in members where !member.prefixes.isEmpty {
      members[key]?.prefixes = Self.ordered(member.prefixes, in: order)
    }
  }

  /// Changes the member with `key` by `body`; whether there was one and it changed.
  /// What a `WHO` said of the member with `key` (`described`): their account (nil: none), whether
  /// they are away (an away message kept if one is known, else an empty one), and their user,
  /// host and real name where it says. Returns whether that changed anything.
  mutating func describe(_ described: Member, key: String) -> Bool {
    update(key) { member in
      member.account = described.account
      if described.awayMessage == nil {
        member.awayMessage = nil
      } else if member.awayMessage == nil {
        member.awayMessage = described.awayMessage
      }
      member.user = described.user ?? member.user
      member.host = described.host ?? member.host
      member.realName = described.realName ?? member.realName
    }
  }

  private mutating func update(_ key: String, _ body: (inout Member) -> Void) -> Bool {
    guard var member = members[key] else { return false }
    let before = member
    body(&member)
    guard member != before else { return false }
    members[key] = member
    return true
  }

  /// `prefixes` in `prefixOrder`, each once, unknown ones dropped. Empty costs nothing.
  private func ordered(_ prefixes: String) -> String {
    Self.ordered(prefixes, in: prefixOrder)
  }

  private static func ordered(_ prefixes: String, in order: [Character]) -> String {
    guard !prefixes.isEmpty else { return prefixes }
    return String(order.filter(prefixes.contains))
  }
}
