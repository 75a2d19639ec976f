/// The server's channels after `/channels`: each with its user count and topic, in the
/// server's order.
public struct ChannelList: Hashable, Sendable {
  /// One channel of the list.
  public struct Channel: Hashable, Sendable {
    /// Its name.
    public var name: String
    /// How many people are in it (as the server counts them: invisible ones may not be).
    public var userCount: Int
    /// Its topic, empty when none is set; it may hold IRC formatting.
    public var topic: String

    /// Creates a channel of the list.
    public init(name: String, userCount: Int, topic: String) {
      self.name = name
      self.userCount = userCount
      self.topic = topic
    }
  }

  /// The mask asked for, if any.
  public var mask: String?
  /// The channels, at most `channelLimit` of them.
  public var channels: [Channel] = []
  /// How many more the server listed than `channels` holds.
  public var omitted = 0

  /// The most channels kept: a big network lists tens of thousands.
  public static let channelLimit = 2000

  /// An empty list for `mask`.
  public init(mask: String?) {
    self.mask = mask
  }
}
