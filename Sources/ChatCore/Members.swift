/// The people in a channel, looked up by their normalised nick.
///
/// Away state lives here with the nick, the one place members are kept: a member who leaves
/// takes it with them, and a renamed one keeps it.
public struct Members: Equatable, Sendable {
  /// Each member's nick as shown, by its key (`NameRules.key(for:)`).
  private var nicks: [String: String] = [:]
  /// The away message of each member who is away, by their key.
  private var awayMessages: [String: String] = [:]

  /// The most members kept in one channel: a hostile server's endless `JOIN`s of new nicks
  /// cannot grow the list without bound (the largest real channels hold about 20,000).
  public static let limit = 50_000

  /// Creates an empty member list.
  public init() {}

  /// How many people are in the channel.
  public var count: Int { nicks.count }

  /// The nicks, sorted by their keys so the order does not depend on how they arrived.
  public var sorted: [String] { nicks.sorted { $0.key < $1.key }.map(\.value) }

  /// The members with their away state, in the order of `sorted`: what `/names` lists.
  public var listed: [Member] {
    nicks.sorted { $0.key < $1.key }.map { Member($0.value, awayMessage: awayMessages[$0.key]) }
  }

  /// Whether someone with this nick's `key` is a member. O(1).
  public func contains(key: String) -> Bool { nicks[key] != nil }

  /// The away message of the member with `key`; nil when they are here or no member. O(1).
  public func awayMessage(key: String) -> String? { awayMessages[key] }

  /// Adds `nick`, whose key under the state's rules is `key`, unless `limit` are in already.
  mutating func insert(_ nick: String, key: String) {
    guard nicks.count < Self.limit || nicks[key] != nil else { return }
    nicks[key] = nick
  }

  /// Removes the member with `key`; returns whether there was one.
  @discardableResult mutating func remove(key: String) -> Bool {
    awayMessages[key] = nil
    return nicks.removeValue(forKey: key) != nil
  }

  /// Renames the member with `key` to `nick` (`newKey`), keeping their away state; returns
  /// whether there was one.
  mutating func rename(key: String, to nick: String, newKey: String) -> Bool {
    guard nicks.removeValue(forKey: key) != nil else { return false }
    let away = awayMessages.removeValue(forKey: key)
    nicks[newKey] = nick
    awayMessages[newKey] = away
    return true
  }

  /// Marks the member with `key` away with `message`, or back (nil); returns whether that
  /// changed anything (no member, or the same state again, changes nothing).
  mutating func setAway(key: String, message: String?) -> Bool {
    guard nicks[key] != nil, awayMessages[key] != message else { return false }
    awayMessages[key] = message
    return true
  }
}
