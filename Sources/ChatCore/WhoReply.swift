/// Who matched a `/who`: one entry per person, in the server's order.
public struct WhoReply: Hashable, Sendable {
  /// One person who matched.
  public struct Entry: Hashable, Sendable {
    /// Their nick.
    public var nick: String
    /// Their user name.
    public var user: String
    /// Their host.
    public var host: String
    /// The server they are on.
    public var server: String
    /// Their real name.
    public var realName: String
    /// The channel the server names with them (`*` for none), as it sent it.
    public var channel: String
    /// Whether they are away (`G`, gone, rather than `H`, here).
    public var isAway: Bool
    /// The rest of the server's flags: `*` for an operator, `@` or `+` in the channel.
    public var flags: String

    /// Creates an entry.
    public init(
      nick: String, user: String, host: String, server: String, realName: String,
      channel: String, isAway: Bool, flags: String
    ) {
      self.nick = nick
      self.user = user
      self.host = host
      self.server = server
      self.realName = realName
      self.channel = channel
      self.isAway = isAway
      self.flags = flags
    }
  }

  /// The mask asked about.
  public var mask: String
  /// Who matched, at most `entryLimit` of them.
  public var entries: [Entry] = []
  /// How many more matched than `entries` holds.
  public var omitted = 0

  /// The most entries kept: a reply is shown whole, and a server may list thousands.
  public static let entryLimit = 1000

  /// A reply for `mask` with no one in it yet.
  public init(mask: String) {
    self.mask = mask
  }
}
