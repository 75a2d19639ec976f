/// What the server said of one person after `/whois`: each fact it gave, nil or empty when it
/// gave none (servers differ in what they tell, and to whom).
public struct WhoisReply: Hashable, Sendable {
  /// The nick asked about, as the server spells it.
  public var nick: String
  /// Whether anyone has that nick: false when the server answered that no one has.
  public var isFound = true
  /// Their user name (`~bob`) and host, from the reply's first line.
  public var user: String?
  /// Their host, as the server shows it to you.
  public var host: String?
  /// Their real name (IRC's "realname" or "gecos").
  public var realName: String?
  /// The channels they are in that you may see, each with its membership prefix (`@#ops`).
  public var channels: [String] = []
  /// The server they are connected to, and its description.
  public var server: String?
  /// The description the server gives of itself.
  public var serverInfo: String?
  /// The account they are logged in as.
  public var account: String?
  /// How long they have been idle, in seconds.
  public var idleSeconds: Int64?
  /// When they connected.
  public var signedOn: Timestamp?
  /// Their away message while they are away.
  public var awayMessage: String?
  /// Whether they are a server operator.
  public var isOperator = false
  /// Whether their connection is TLS, as the server words it (`is using a secure
  /// connection`); nil when it did not say.
  public var secureConnection: String?
  /// Anything else the server said of them, a line each, in order: where they connect from,
  /// their certificate's fingerprint, a bot flag.
  public var other: [String] = []

  /// The most `other` lines kept: a server that repeats itself cannot grow a reply.
  public static let otherLimit = 20
  /// The most channels kept.
  public static let channelLimit = 500

  /// A reply about `nick` that says nothing yet.
  public init(nick: String) {
    self.nick = nick
  }
}
