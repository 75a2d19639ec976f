import FoundationEssentials

/// Everything the app knows. Renderers show it; only `update` changes it.
public struct AppState: Equatable, Sendable {
  /// The title of the run, as in the seed's navigation bar: the first conversation's name.
  public var title = "Conversation"
  /// The local user's name, stamped on every message they send.
  public var localName = "PersonA"
  /// The most recent messages that have entered any conversation, oldest first, in the order
  /// they entered: the one transcript a line-mode client shows. Each names its conversation.
  public var messages = Scrollback()
  /// How many messages have ever entered a conversation; renderers use it to find new ones
  /// (the last ones in `messages`), whatever the number of conversations.
  public var messageCount = 0
  /// The open conversations, in the order they were opened, and the active one.
  public var conversations: ConversationList
  /// The most recent conversation events (joins, topics, switches), oldest first.
  public var events = Ring<ConversationEvent>(limit: AppState.eventLimit)
  /// How many conversation events have ever happened; renderers use it to find new ones.
  public var eventCount = 0
  /// The reactions to recent messages, aggregated (IRCv3 `+draft/react`).
  public var reactions = ReactionTally()
  /// How names are checked and compared; a network may change them. Kept by the
  /// conversation list, whose lookups fold names by them.
  public var nameRules: NameRules {
    get { conversations.rules }
    set { conversations.rules = newValue }
  }
  /// Messages handed to the session whose echo has not come back yet, oldest first: the
  /// user's side of what is pending (which messages they wait for). What is pending on the
  /// wire (lines, confirmations, limits) is the session's own, never copied here.
  public var outbox = PendingQueue<Message>()
  /// Messages typed while the session was not connected, sent once it connects; oldest first.
  public var unsent: [Message] = []
  /// How many messages have ever been sent; renderers use it to find new sends.
  public var sentCount = 0
  /// Sent messages that failed (reported undeliverable, or no echo in time), with why, oldest
  /// first.
  public var failed: [FailedMessage] = []
  /// The markup of the network's text: IRC formatting codes on a network run, plain with the
  /// simulated peer. Stamped on the messages the user sends (typed with the keys the README
  /// lists); renderers read topics and reasons by it.
  public var textMarkup = TextMarkup.plain
  /// How long a sent message may wait for its echo before it counts as failed, unless the
  /// session confirms delivery itself.
  public var deliveryTimeoutMilliseconds: Int64 = 1000
  /// Whether the session confirms delivery itself (`.confirmsDelivery`): the core then
  /// schedules no delivery timeout, and a message fails when the session says so.
  public var sessionConfirmsDelivery = false
  /// Whether the session takes a message of several lines as one (IRC's `draft/multiline`),
  /// as it last said: a paste of several lines is then one message
  /// (`typedLines(pasted:)`). False until it says, and after a disconnection.
  public var sessionTakesMultiline = false
  /// The session's connection, as last reported.
  public var sessionStatus = SessionStatus.disconnected
  /// When the session's status last changed, if it ever did.
  public var sessionStatusTime: Timestamp?
  /// The network link's status as its session last reported it; nil without a network.
  public var link: LinkStatus?
  /// Whether the network's TLS certificate goes unverified (`--tls-insecure`): every
  /// renderer says so while it is.
  public var isTLSUnverified = false
  /// Whether the app is taking input, finishing what is in flight, or done.
  public var phase = Phase.active
  /// Whether text typed in the session's own conversation (the first) is sent there: the
  /// simulated peer's `Conversation` takes it, as the seed's did; a network's server
  /// conversation holds what the server says and takes none, so a line typed there gets a
  /// notice (`Notice.notSent`) instead of being guessed a channel.
  public var serverConversationTakesMessages = true
  /// Whether a server is at the other end (a network run): the server's commands (`/nick`,
  /// `/whois`, `/kick`, …) need one, and with the simulated peer say so (`Notice.needsServer`).
  public var hasServer = false
  /// How many typed messages went nowhere because the active conversation takes none
  /// (`Notice.notSent`): a network run counts them as not delivered in its exit status (75),
  /// piped or in line mode alike, as it counts a failed message.
  public var notSentCount = 0
  /// The joins and parts asked of the session and not answered yet, oldest first: the
  /// channels the run joins at start (the URL's or `--join`'s), then each `/join` and `/part`
  /// of a channel as it is carried out. An answer (`.joined`, `.joinFailed`, `.left`) takes
  /// its request off; when none has come `answerWaitMilliseconds` after the last request (or
  /// after connecting), every one left is given up, each said so (`Timer.answerWait`). Piped
  /// input waits while any is here (`holdsPiped(typing:)`), so
  /// `echo 'deploy done' | chat --server irc://host/#ops` says it in `#ops`; and a leaving run
  /// waits until none is (`isSettled`).
  public var channelRequests: [ChannelRequest] = []
  /// The reason the user gave for leaving (`/quit REASON`), told to the session when it
  /// leaves; nil for the session's default.
  public var quitReason: String?
  /// Why the session gave up for good, if it did: the run's exit status says so.
  public var sessionFailure: SessionFailure?
  /// Whether a session that gives up ends the run (piped input, which cannot read why);
  /// false in line mode, where the user reads the notice and leaves when they like.
  public var endsWhenSessionGivesUp = true
  /// Whether a message not delivered makes the run end unsuccessfully (75): on a network,
  /// where a script must learn it; the simulated peer's faults are the point of its runs.
  public var failsWhenUndelivered = false
  /// Whether the session has been asked to leave (`.leave`): once, when the draining run has
  /// settled.
  public var hasAskedSessionToLeave = false

  /// How many of a conversation's latest messages to fetch from the server's history on
  /// joining a channel or opening a private chat (`--history`); 0 fetches nothing, not even
  /// what was missed during a reconnect. Only a session with a server is asked (`hasServer`),
  /// and one whose server keeps no history does nothing.
  public var historyLength = 0

  /// Whether the user reads the active conversation as messages arrive (line mode and the
  /// full screen, where it is on the screen): a server that keeps read markers is told so
  /// (`Update+ReadMarkers`). A piped or JSON-driven run reads nothing by itself: a program
  /// asks with a `read` request.
  public var readsActiveConversation = false
  /// Whether the read markers' timer runs (`Timer.readMarkers`): a conversation waits to ask
  /// the server to mark it read.
  public var readMarkerTimerRuns = false

  /// The shortest time between two requests to mark one conversation read.
  public static let readMarkerIntervalMilliseconds: Int64 = 1000

  /// Whether the user's typing is told to the active conversation (line mode on a network,
  /// unless `--no-typing`): the line editor reports each change (`Action.User.lineEdited`).
  public var sendsTyping = false
  /// The user's own typing: what the conversation it goes to was told, and should be.
  public var ownTyping: OwnTyping?
  /// Who else is typing where (shown for the active conversation).
  public var typists = Typists()
  /// Whether the typing timer runs (`Timer.typingExpiry`).
  public var typingExpiryRuns = false
  /// Whether the user was told that more people type at once than chat follows.
  public var hasNoticedTooManyTyping = false
  /// Holds nothing; makes the state passed by address (see `PassedByAddress`).
  let passedByAddress = PassedByAddress()

  /// How long someone is shown typing without news of them.
  public static let typingExpiryMilliseconds: Int64 = 6000
  /// The shortest time between two notifications of the user's own typing to one
  /// conversation.
  public static let typingNotificationIntervalMilliseconds: Int64 = 3000
  /// How long without a key before the user's typing is `paused`.
  public static let typingPauseMilliseconds: Int64 = 5000

  /// How many messages `--history` fetches when not given, and `/history` without a number.
  public static let defaultHistoryLength = 50

  /// How long piped input waits for the answers to joins and parts (`channelRequests`) after
  /// the last request, and after each connection (`Timer.answerWait`).
  public static let answerWaitMilliseconds: Int64 = 30_000

  /// How many conversation events are kept: more than one action can cause (a quit seen in
  /// every one of the most conversations open), so a renderer never misses one.
  public static let eventLimit = 2 * ConversationList.defaultLimit + 16

  /// Creates the state a run starts in: one conversation, called `title`, keeping at most
  /// `scrollback` messages (and the transcript as many).
  public init(
    title: String = ConversationName.initial.text, localName: String = "PersonA",
    scrollback: Int = Scrollback.defaultLimit
  ) {
    self.title = title
    self.localName = localName
    self.messages = Scrollback(limit: scrollback)
    self.conversations = ConversationList(
      first: ConversationName(title), scrollbackLimit: scrollback)
  }

  /// Creates the state a network run starts in: the server's own conversation, called
  /// `server` and taking no messages, and the `channels` to join at start (the first of them
  /// joined becomes active; piped input waits for their answers).
  public init(
    server: String, joining channels: [String], localName: String,
    scrollback: Int = Scrollback.defaultLimit
  ) {
    self.init(title: server, localName: localName, scrollback: scrollback)
    serverConversationTakesMessages = false
    hasServer = true
    channelRequests = channels.map { ChannelRequest(.joinAtStart, ConversationName($0)) }
  }

  /// Whether a message typed now would go to the active conversation: not while it is a
  /// server conversation that takes none. O(1) and no copy of a conversation: the server's
  /// is the first and the only one of its kind.
  @inlinable public var activeTakesMessages: Bool {
    serverConversationTakesMessages || conversations.activeIndex != 0
  }

  /// The lifecycle of a run.
  public enum Phase: Hashable, Sendable {
    /// Taking input.
    case active
    /// Input is over; waiting until every sent message is delivered or failed and the
    /// session expects nothing more (the runtime reports that as `.expectsNothingMore`).
    case draining
    /// Nothing more will happen.
    case finished
  }

  /// The messages of `conversation` still kept, oldest first. O(its scrollback).
  public func messages(in conversation: Conversation) -> [Message] {
    let first = messageCount - messages.count + 1  // The number of the oldest kept.
    return conversation.messageNumbers.compactMap { number in
      number >= first ? messages[number - first] : nil
    }
  }

  /// The exit status of a run that ends now (sysexits): the session's when it gave up, 75
  /// when a message was not delivered (and `failsWhenUndelivered`), else 0.
  public var exitStatus: Int32 {
    if let sessionFailure { return sessionFailure.exitStatus }
    return undeliveredCount > 0 ? SessionFailure.notDeliveredStatus : ExitStatus.success.rawValue
  }

  /// Why the run ends unsuccessfully, for standard error; nil when `exitStatus` is 0.
  public var exitReason: String? {
    if let sessionFailure { return sessionFailure.reason }
    let count = undeliveredCount
    guard count > 0 else { return nil }
    return "\(count) message\(count == 1 ? "" : "s") not delivered"
  }

  /// Messages that failed, were never sent, or were typed where they could not go (the
  /// server's own conversation), when they make the run fail.
  private var undeliveredCount: Int {
    failsWhenUndelivered ? failed.count + unsent.count + notSentCount : 0
  }

  /// Why a message fails when no echo came within `deliveryTimeoutMilliseconds`.
  public var noEchoReason: String {
    let milliseconds = deliveryTimeoutMilliseconds
    return "no echo within "
      + (milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms")
  }

  /// Whether every sent message has been delivered (echoed) or has failed, and, while the
  /// session is connected, every join and part has its answer or was given up
  /// (`channelRequests`): a leaving run carries out what it was asked, `/join` on the last
  /// piped line included, before it leaves. No answer comes without a connection, so a run
  /// leaving while there is none (Ctrl-D while a server cannot be reached) does not wait for
  /// one.
  ///
  /// Replies are not the core's business: whether the other side answers is the session's
  /// behaviour (the simulated peer always does; a person on a network may never), so a
  /// session says what it still expects and the runtime tells the core when it expects
  /// nothing more.
  public var isSettled: Bool {
    outbox.isEmpty && unsent.isEmpty && (channelRequests.isEmpty || sessionStatus != .connected)
  }

  /// Messages still waiting to be sent or for their echo: not yet delivered.
  public var inFlightCount: Int { outbox.count + unsent.count }

  /// Whether piped `line` waits before it is typed, until what it depends on is settled:
  ///
  /// - every line, commands included, while a join or part has no answer yet
  ///   (`channelRequests`): a message after `/join #ops` goes to `#ops`, one after
  ///   `/part #ops` to the conversation active once it is left, and a first `/topic TEXT`
  ///   applies to the channel of the start;
  /// - a line asking the session for something (`/join`, `/part`, `/topic TEXT`) until the
  ///   session is connected (messages need not wait: `unsent` holds them until it is);
  /// - `/part` until every message in flight is delivered or failed, so that what was said
  ///   reaches the channel before chat leaves it; `/reply N` and `/react N` too, so that N
  ///   counts what was sent before them.
  ///
  /// Each wait is bounded: answers by `answerWaitMilliseconds`, the connection by the session
  /// (its connect timeout, or giving up), messages by their delivery limit. Only piped input
  /// asks: lines typed at a terminal never wait, nor does a scenario's timed entry. A plain
  /// message is told apart without parsing, and inlinable: the loop asks for every piped line.
  @inlinable public func holdsPiped(typing line: String) -> Bool {
    guard phase == .active else { return false }
    if !channelRequests.isEmpty { return true }
    guard line.utf8.first == UInt8(ascii: "/") else { return false }
    return holdsPipedParsing(line)
  }

  /// `holdsPiped(typing:)` for a line that has to be parsed to tell.
  @usableFromInline func holdsPipedParsing(_ line: String) -> Bool {
    guard case .command(let command) = TypedLine(parsing: line) else { return false }
    switch command {
    case .join: return waitsForConnection
    case .part: return waitsForConnection || inFlightCount > 0
    case .topic(let text): return text != nil && waitsForConnection
    // A server's command waits for the server; with none it says at once that it needs one.
    case .away, .channels, .history, .invite, .kick, .memberMode, .mode, .monitor, .nick, .notice,
      .quote, .setName, .who, .whois:
      return hasServer && waitsForConnection
    // `N` counts the messages shown: what was sent before is counted once it is delivered.
    case .react, .reply: return hasServer && (waitsForConnection || inFlightCount > 0)
    case .action, .help, .list, .message, .names, .query, .quit, .retry, .search, .switchTo:
      return false
    }
  }

  /// Whether a request to the session waits for it to connect: it is not connected and has
  /// not given up for good (then nothing will connect it).
  var waitsForConnection: Bool { sessionStatus != .connected && sessionFailure == nil }

  /// Whether typing `line` now would send something: a message or action where the active
  /// conversation takes them, a join, part or new topic while the app is active, a server's
  /// command with a server, or `/retry` with failed messages; any line while a join or part
  /// has no answer yet (as `holdsPiped(typing:)` holds it). Piped lines on the virtual clock
  /// wait for the previous exchange to end only when they would, which covers every wait
  /// `holdsPiped(typing:)` says; commands and lines typed while leaving go at once.
  ///
  /// Inlinable, for the common case: the loop asks for every piped line, and a call into this
  /// module copied the whole state to pass it.
  @inlinable public func wouldSend(typing line: String) -> Bool {
    guard phase == .active else { return false }
    if !channelRequests.isEmpty { return true }
    // Most lines start with a visible ASCII character other than `/`: a message.
    let first = line.utf8.first ?? 0x20
    if first > 0x20, first < 0x7F, first != UInt8(ascii: "/") { return activeTakesMessages }
    return wouldSendParsing(line)
  }

  /// `wouldSend(typing:)` for a line that has to be parsed to tell.
  @usableFromInline func wouldSendParsing(_ line: String) -> Bool {
    switch TypedLine(parsing: line) {
    case .message: return activeTakesMessages
    case .command(let command):
      switch command {
      // What goes to the session (a message, a join or part, a new topic) waits its turn.
      case .action: return activeTakesMessages
      case .join, .message, .part: return true
      case .retry: return !failed.isEmpty
      case .topic(let text): return text != nil
      case .away, .channels, .history, .invite, .kick, .memberMode, .mode, .monitor, .nick,
        .notice, .quote, .react, .setName, .who, .whois:
        return hasServer
      case .reply: return hasServer && activeTakesMessages
      case .help, .list, .names, .query, .quit, .search, .switchTo: return false
      }
    case .blank, .missingArgument, .unknownCommand: return false
    }
  }
}
