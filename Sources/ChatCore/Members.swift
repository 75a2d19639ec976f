/// The people in a channel, looked up by their normalised nick.
public struct Members: Equatable, Sendable {
  /// Each member's nick as shown, by its key (`NameRules.key(for:)`).
  private var nicks: [String: String] = [:]

  /// Creates an empty member list.
  public init() {}

  /// How many people are in the channel.
  public var count: Int { nicks.count }

  /// The nicks, sorted by their keys so the order does not depend on how they arrived.
  public var sorted: [String] { nicks.sorted { $0.key < $1.key }.map(\.value) }

  /// Whether someone with this nick's `key` is a member. O(1).
  public func contains(key: String) -> Bool { nicks[key] != nil }

  /// Adds `nick`, whose key under the state's rules is `key`.
  mutating func insert(_ nick: String, key: String) { nicks[key] = nick }

  /// Removes the member with `key`; returns whether there was one.
  @discardableResult mutating func remove(key: String) -> Bool {
    nicks.removeValue(forKey: key) != nil
  }
}
