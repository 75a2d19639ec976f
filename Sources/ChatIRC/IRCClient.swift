import ChatCore
import FoundationEssentials

/// The IRC protocol as a pure state machine: lines and times in, lines to send and events out.
///
/// It reads no clock, makes no random numbers and does no I/O: every entry point is told the
/// time, and labels and `PING` tokens come from a counter, so the same inputs always give the
/// same outputs. The socket session feeds it the lines the server sent (`receive(_:at:)`),
/// what the user wants (`perform(_:at:)`) and the passing of time (`advance(to:)`, at
/// `nextDeadline`), and writes `IRCOutput.lines` to the socket.
///
/// What a server can make it send is limited to the protocol's own replies: `PONG`, the `CAP`
/// negotiation, SASL (`AUTHENTICATE`), registration (`NICK` fallbacks, and `QUIT` when every
/// nick was refused or required SASL failed), the configured channels' `JOIN`s after `001`
/// (and one `PING` after them when lines a lost link left unconfirmed wait for the channels'
/// history, see `IRCClient+History`), and CTCP `VERSION`/`PING` answers (at most one a
/// second), and on each join of ours one WHOX `WHO` (and `NAMES` with `no-implicit-names`,
/// see `IRCClient+WhoX`). Everything else is the user's.
///
/// It is a thin router over parts that each own their state: `IRCRegistration` (CAP, SASL,
/// nick fallbacks), `IRCDelivery` (outbox and pacing, lines in flight, labels, confirming
/// `PING`s, history reconciliation, and our messages as wholes: `IRCSentMessages`, reported
/// as `messageDelivered` and `deliveryFailed`), `IRCChannels`, `IRCNetsplits`, `IRCKeepalive`,
/// `IRCIgnoredLines`, and `IRCQueries` for the answers to the user's server commands. The
/// router keeps what they share (the clock, the counter, our nick, the
/// server's `ISUPPORT`), parses each line's command once (`IRCCommand`) and hands each part
/// what it needs, such as the case mapping.
public struct IRCClient: Sendable {
  /// Who to be and how to pace; fixed for the client's life.
  public let configuration: Configuration
  /// Where the connection is; whether we are leaving (`.quitting`, `.left`) is said here and
  /// nowhere else in the session.
  public internal(set) var phase = Phase.idle
  /// Our nick as the server knows it (the one asked for until `001` says otherwise).
  public internal(set) var nick: String
  /// The nick registration asks for: the configured one, or the last one the user changed
  /// to (`/nick`), so a reconnect keeps it as irssi does. Fallbacks are made from it.
  public internal(set) var wantedNick: String
  /// What the server said about itself in 005.
  public internal(set) var support = ISupport()
  /// The last round trip measured, in milliseconds.
  public internal(set) var lagMilliseconds: Int64?
  /// What was thrown away.
  public internal(set) var statistics = Statistics()
  /// The crypto SCRAM-SHA-256 needs; without it a password login is always `PLAIN`.
  let saslCrypto: (any IRCSASLCrypto)?
  /// The key an `ECDSA-NIST256P-CHALLENGE` login signs with.
  let challengeSigner: (any IRCChallengeSigning)?

  var now: Timestamp
  /// The source of labels and tokens: never random, so runs repeat exactly.
  var counter: UInt64 = 0
  var user: String?
  var host: String?
  /// Capability negotiation, SASL and the nick fallbacks of this connection.
  var registration = IRCRegistration()
  /// The channels we are in and mean to be in.
  var channels: IRCChannels
  var batches = IRCBatches()
  /// The multiline batches open, each gathered into one message (`draft/multiline`).
  var multiline = IRCMultilineMessages()
  /// What is to be sent, paced, and what awaits the server's confirmation.
  var delivery: IRCDelivery
  /// Whether the link is alive: when the server was last heard from, keepalive `PING`s out.
  var keepalive: IRCKeepalive
  /// The notices of lines thrown away.
  var ignoredLines = IRCIgnoredLines()
  var netsplits = IRCNetsplits()
  /// The user's questions awaiting the server's answers (`WHOIS`, `WHO`, `LIST`, `AWAY`).
  var queries = IRCQueries()
  /// The history asked for (`CHATHISTORY`) and not all in yet.
  var history = IRCHistoryFetches()
  /// The WHOX requests chat made on joining, awaiting their end.
  var whox = IRCWhoX()
  /// The nicks watched (`MONITOR`), kept across connections.
  var monitor: IRCMonitor

  /// A client that has not connected yet; `start(at:)` begins. With `saslCrypto`, a
  /// password login uses `SCRAM-SHA-256` where the server offers it; `challengeSigner` signs
  /// an `ECDSA-NIST256P-CHALLENGE` login's challenge.
  public init(
    configuration: Configuration, at time: Timestamp, saslCrypto: (any IRCSASLCrypto)? = nil,
    challengeSigner: (any IRCChallengeSigning)? = nil
  ) {
    self.configuration = configuration
    self.saslCrypto = saslCrypto
    self.challengeSigner = challengeSigner
    nick = configuration.nick
    wantedNick = configuration.nick
    now = time
    keepalive = IRCKeepalive(
      intervalMilliseconds: configuration.keepaliveIntervalMilliseconds,
      timeoutMilliseconds: configuration.keepaliveTimeoutMilliseconds, at: time)
    channels = IRCChannels(autojoin: configuration.channels)
    monitor = IRCMonitor(nicks: configuration.monitor.filter(Self.isValidWord))
    delivery = IRCDelivery(
      pacing: configuration.pacing,
      confirmationTimeoutMilliseconds: configuration.confirmationTimeoutMilliseconds, at: time)
  }

  /// The capabilities the server agreed to.
  public var capabilities: Set<String> { registration.capabilities }

  /// The account we are logged in as (`900`), if any.
  public var account: String? { registration.account }

  /// Channels we are in, as the server spells them, sorted.
  public var joinedChannels: [String] { channels.joinedNames }

  /// How many lines are waiting for the pacing allowance.
  public var queuedLineCount: Int { delivery.queuedLineCount }

  /// How many of our message lines await the server's confirmation (written or not).
  public var unconfirmedLineCount: Int { delivery.unconfirmedLineCount }

  /// When `advance(to:)` next has something to do: a paced line, a keepalive, a timeout.
  public var nextDeadline: Timestamp? {
    guard isConnected else { return nil }
    var deadlines: [Timestamp] = []
    if !delivery.outbox.isEmpty || delivery.confirmingPingDue {
      deadlines.append(delivery.bucket.nextAllowance(after: now))
    }
    if let registration = registrationDeadline { deadlines.append(registration) }
    if let deadline = keepalive.deadline(pingQueued: delivery.outbox.hasKeepalive) {
      deadlines.append(deadline)
    }
    if let deadline = netsplits.deadline { deadlines.append(deadline) }
    return deadlines.min()
  }

  /// Begins a connection (the socket is open): capability negotiation and registration.
  /// After a disconnect it starts afresh with the nick wanted (`wantedNick`: the configured
  /// one, or the one the user changed to) and rejoins the channels; a nick longer than an
  /// earlier connection showed the server takes (its `NICKLEN`, or the length a refusal made
  /// it cut to) is asked for cut to that length at once. `saslNonce` is this connection's
  /// SCRAM nonce (`IRCSASLCrypto.makeNonce`), made by the caller so the client stays pure.
  public mutating func start(at time: Timestamp, saslNonce: String? = nil) -> IRCOutput {
    let keep = (counter, channels, configuration, delivery, monitor)
    let nickLimit = support.nickLength ?? registration.nickLimit
    let wanted = wantedNick
    self = IRCClient(
      configuration: keep.2, at: max(time, now), saslCrypto: saslCrypto,
      challengeSigner: challengeSigner)
    (counter, channels, monitor) = (keep.0, keep.1, keep.4)
    monitor.connectionLost()
    (nick, wantedNick) = (wanted, wanted)
    channels.connectionStarted()
    delivery.connectionStarted(after: keep.3)
    phase = .registering
    registration = IRCRegistration(startingAt: now, sasl: configuration.sasl != nil)
    registration.saslNonce = saslNonce
    if let nickLimit, nick.count > nickLimit {
      registration.nickLimit = nickLimit
      nick = String(nick.prefix(nickLimit))
    }
    delivery.outbox.queueUrgent(.control(IRCMessage(command: "CAP", parameters: ["LS", "302"])))
    delivery.outbox.queueUrgent(.control(IRCMessage(command: "NICK", parameters: [nick])))
    delivery.outbox.queueUrgent(
      .control(
        IRCMessage(
          command: "USER", parameters: [configuration.user, "0", "*", configuration.realName])))
    var output = IRCOutput()
    pump(into: &output)
    return output
  }

  /// Carries out what the user asked for (queued until registration completes).
  public mutating func perform(_ intent: IRCIntent, at time: Timestamp) -> IRCOutput {
    var output = IRCOutput()
    advanceClock(to: time, into: &output)
    if case .send(let id, let target, let text, let isAction, _, _) = intent {
      // Pending from now: everything that becomes of it is reported of the whole message.
      delivery.messages.begin(id, target: target, text: text, isAction: isAction)
    }
    handle(intent, into: &output)
    pump(into: &output)
    return output
  }

  /// Lets time pass: paced lines go out, keepalives are sent, timeouts noticed.
  public mutating func advance(to time: Timestamp) -> IRCOutput {
    var output = IRCOutput()
    advanceClock(to: time, into: &output)
    pump(into: &output)
    return output
  }

  /// Moves the clock forward (never back) and acts on the timeouts that passed.
  mutating func advanceClock(to time: Timestamp, into output: inout IRCOutput) {
    advanceClock(to: time)
    guard isConnected else { return }
    closeExpiredNetsplitGroups(into: &output)
    checkKeepalive(into: &output)
  }

  mutating func advanceClock(to time: Timestamp) {
    now = max(now, time)
  }

  /// The next value of the counter, as a token no server line can predict a use for.
  mutating func nextToken() -> String {
    counter += 1
    return "chat-\(counter)"
  }

  /// Names fold under the server's case mapping.
  func folded(_ name: some StringProtocol) -> String {
    support.caseMapping.folded(name)
  }

  /// Whether a connection is running: registering, registered, or quitting.
  public var isConnected: Bool {
    switch phase {
    case .registering, .registered, .quitting: true
    case .idle, .disconnected, .left: false
    }
  }

  func isUs(_ name: some StringProtocol) -> Bool {
    support.caseMapping.equal(name, nick)
  }
}
