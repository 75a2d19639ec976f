import ChatCore

extension IRCClient {
  /// Who to be on the server, what to join, and the timings of the link.
  public struct Configuration: Hashable, Sendable {
    /// The nick to ask for first.
    public var nick: String
    /// The user name (`USER`); by default the nick, cut to `derivedUserLength`.
    public var user: String
    /// The real name (`USER`'s last parameter).
    public var realName: String
    /// Channels to join once registered, and again after every reconnect.
    public var channels: [String]
    /// The capabilities to ask for, of those the server offers.
    public var wantedCapabilities: [String]
    /// A quiet link (nothing received) this long gets a keepalive `PING`.
    public var keepaliveIntervalMilliseconds: Int64
    /// A keepalive `PING` without its `PONG` this long means the connection is lost.
    public var keepaliveTimeoutMilliseconds: Int64
    /// Registration not complete (`001`) this long after the connection was made means the
    /// server is not going to register us: the connection is given up.
    public var registrationTimeoutMilliseconds: Int64
    /// Pacing of everything sent.
    public var pacing: IRCTokenBucket.Settings
    /// How long one of our lines may wait for the server's confirmation, counted from when it
    /// was written (pacing may hold it back before that): the message then fails, as one
    /// that may or may not have arrived.
    public var confirmationTimeoutMilliseconds: Int64
    /// How many nicks to try while registering before giving up.
    public var nickAttempts: Int
    /// How to log in with SASL; nil for no SASL.
    public var sasl: IRCSASL?
    /// Where the session connected and whether over TLS, for the `sts` policy; nil counts as
    /// plaintext to a host not named (an upgrade is still obeyed).
    public var endpoint: IRCEndpoint?
    /// The answer to a CTCP `VERSION`; nil answers no CTCP request at all (`VERSION`, `PING`).
    public var ctcpVersion: String?
    /// Whether to mark us as a bot (`--bot`): the user mode the server's `BOT` names.
    public var isBot = false
    /// The nicks to watch from the start (`MONITOR`, the networks file's `monitor`): sent
    /// once registered where the server offers it.
    public var monitor: [String] = []

    /// The longest user name made from a nick: servers cut it to their `USERLEN` (InspIRCd
    /// 10) anyway, and a longer one could push the `USER` line past an IRC line's 510 bytes.
    public static let derivedUserLength = 30

    /// The IRCv3 capabilities chat uses.
    public static let chatCapabilities = [
      "echo-message", "message-tags", "server-time", "labeled-response", "batch",
      "away-notify", "cap-notify", "multi-prefix", "userhost-in-names", "invite-notify",
      "account-notify", "account-tag", "extended-join", "chghost", "setname",
      "draft/chathistory", "draft/event-playback", "extended-monitor", "draft/channel-rename",
      "draft/no-implicit-names", "no-implicit-names", "draft/multiline", "draft/read-marker",
    ]

    /// Creates a configuration; the defaults are a 60 s keepalive with 30 s to answer, the
    /// token bucket's default pacing, 8 nicks, no SASL, an unnamed plaintext endpoint,
    /// `chat` as the CTCP version, 30 s to complete registration and 30 s to confirm a line.
    public init(
      nick: String, user: String? = nil, realName: String = "chat", channels: [String] = [],
      wantedCapabilities: [String] = chatCapabilities,
      keepaliveIntervalMilliseconds: Int64 = 60_000, keepaliveTimeoutMilliseconds: Int64 = 30_000,
      pacing: IRCTokenBucket.Settings = .default, nickAttempts: Int = 8, sasl: IRCSASL? = nil,
      endpoint: IRCEndpoint? = nil, ctcpVersion: String? = "chat",
      registrationTimeoutMilliseconds: Int64 = 30_000,
      confirmationTimeoutMilliseconds: Int64 = 30_000
    ) {
      self.nick = nick
      self.user = user ?? String(nick.prefix(Self.derivedUserLength))
      self.realName = realName
      self.channels = channels
      self.wantedCapabilities = wantedCapabilities
      self.keepaliveIntervalMilliseconds = max(1, keepaliveIntervalMilliseconds)
      self.keepaliveTimeoutMilliseconds = max(1, keepaliveTimeoutMilliseconds)
      self.pacing = pacing
      self.nickAttempts = max(1, nickAttempts)
      self.sasl = sasl
      self.endpoint = endpoint
      self.ctcpVersion = ctcpVersion
      self.registrationTimeoutMilliseconds = max(1, registrationTimeoutMilliseconds)
      self.confirmationTimeoutMilliseconds = max(1, confirmationTimeoutMilliseconds)
    }
  }

  /// Counts of what the server sent that chat did not use.
  public struct Statistics: Hashable, Sendable {
    /// Lines that were not messages (`IRCParseError`) or lacked what their command needs.
    public var malformedLines = 0
    /// Lines over the length cap, dropped unread.
    public var oversizedLines = 0
    /// CTCP requests other than `ACTION`, ignored.
    public var ignoredCTCP = 0
    /// Lines of a history batch dropped unread: no message (joins, parts, … played back), or
    /// beyond what the fetch asked for.
    public var historyLinesDropped = 0
    /// Lines of a multiline batch dropped unread: beyond what one message keeps, another
    /// command or target than the batch's, or inside a batch that is no message.
    public var multilineLinesDropped = 0
  }

  /// Where the connection is.
  public enum Phase: Hashable, Sendable {
    /// Not started.
    case idle
    /// Negotiating capabilities and a nick; nothing of the user's is sent yet.
    case registering
    /// Registered (`001`): the user's lines go out.
    case registered
    /// We asked to leave at `since`: `QUIT` is queued or written, and the server's closing
    /// is awaited (the session hangs up if it does not come in time).
    case quitting(since: Timestamp)
    /// Over; `start` begins a new connection.
    case disconnected
    /// Over for good after our `QUIT`: the server closed the link, or the session hung up.
    /// No new connection follows.
    case left
  }
}
