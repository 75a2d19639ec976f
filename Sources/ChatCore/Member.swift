/// One person in a channel as `/names` lists them: the nick as shown, and whether they are
/// away, so every renderer can mark them the same way.
public struct Member: Hashable, Sendable {
  /// The nick as shown.
  public var nick: String
  /// Their away message while they are away (`away-notify`); nil while they are here.
  public var awayMessage: String?

  /// Creates a member, here unless `awayMessage` says otherwise.
  public init(_ nick: String, awayMessage: String? = nil) {
    self.nick = nick
    self.awayMessage = awayMessage
  }
}
