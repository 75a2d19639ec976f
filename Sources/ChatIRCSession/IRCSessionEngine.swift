import ChatCore
import ChatIRC
import ChatSession
import ChatTransport
import FoundationEssentials

/// What carries an engine's lines: the live session's socket, or a replay's recording.
protocol IRCSessionLink: AnyObject {
  /// Whether a link is open: dialled and not closed yet.
  var isLinkOpen: Bool { get }
  /// Takes the lines the client wants written now (sensitive ones marked in `output`).
  func write(_ output: IRCOutput, at now: Timestamp)
  /// Closes the link now, forgetting what is queued for it, or after writing what the
  /// stream takes of it at once (`flushingFirst`).
  func closeLink(flushingFirst: Bool)
  /// Dials again at once (after an STS upgrade). A replay waits for the recorded dial instead.
  func redial(at now: Timestamp)
}

/// The part of an IRC session that needs no socket: the protocol client, and what it reports
/// turned into the core's session actions.
///
/// It maps events to actions and owns no fact the client or the core owns: what is pending
/// on the wire (a message's lines, its confirmation, its limit, the history lines held for
/// it) is the client's delivery part (`IRCSentMessages`), reported as whole messages
/// delivered or failed; whether we are leaving is the client's phase (`.quitting`, `.left`);
/// what the user waits for is the core's outbox. The engine derives received messages' ids
/// from their msgid (see `IRCMessageID`), draws the reconnect delays from the seed, and says
/// how a connection ended. `IRCSession` runs it over a TCP or TLS stream; `ReplaySession` runs
/// the same engine over a recording, so a replay maps the recorded lines to exactly the
/// actions the live run had.
final class IRCSessionEngine {
  /// Where the session connects now (an STS upgrade changes the port and turns TLS on).
  var configuration: IRCSessionConfiguration
  /// The protocol state machine.
  var client: IRCClient
  /// TLS settings for an STS upgrade of a plaintext connection.
  var upgradeTLS = TLSConfiguration()
  weak var link: (any IRCSessionLink)?

  /// Whether `client.start` ran on the link now open.
  var clientStarted = false
  /// When the next connection attempt is due, after a lost link or a failed attempt.
  var reconnectAt: Timestamp?
  var upgradePort: Int?
  var queue: [Action.Session] = []
  var queueHead = 0
  var backoff: ReconnectBackoff
  var ids: SeededUUIDGenerator
  var hasRegistered = false
  var lastNow = Timestamp(millisecondsSinceEpoch: 0)
  /// Whether the session gave up for good (a refused certificate, a first connection that
  /// failed or ended before registering when `givesUpIfFirstConnectionFails`, a required
  /// login refused): the core was told (`.gaveUp`).
  private(set) var hasGivenUp = false
  /// Why a required SASL login failed, if it did: never retried.
  var authenticationFailure: String?
  /// The link status the core was last told of; nil before the first report.
  var reportedLink: LinkStatus?
  /// Whether the core was told that this connection takes messages of several lines as one
  /// (`draft/multiline`); a disconnection tells it no longer.
  var reportedMultiline = false
  /// Notices for the start of the run, told when it connects (`announce`).
  var startNotices: [SessionNotice] = []

  init(configuration: IRCSessionConfiguration) {
    self.configuration = configuration
    var clientConfiguration = configuration.client
    clientConfiguration.endpoint = Self.endpoint(of: configuration)
    client = IRCClient(
      configuration: clientConfiguration, at: lastNow, saslCrypto: configuration.saslCrypto,
      challengeSigner: configuration.challengeSigner)
    backoff = ReconnectBackoff(
      seed: configuration.seed, baseMilliseconds: configuration.reconnectBaseMilliseconds,
      capMilliseconds: configuration.reconnectCapMilliseconds)
    ids = SeededUUIDGenerator(seed: configuration.seed, stream: 2)
  }

  var isLinkOpen: Bool { link?.isLinkOpen ?? false }

  /// Whether we asked to leave: `QUIT` is queued or written, or the link closed after it
  /// (the client's phase says which).
  var hasAskedToQuit: Bool {
    switch client.phase {
    case .quitting, .left: true
    case .idle, .registering, .registered, .disconnected: false
    }
  }

  /// When chat stops waiting for the server to close the link after `QUIT`: the client's
  /// phase says since when it waits.
  var quitDeadline: Timestamp? {
    guard case .quitting(let since) = client.phase, isLinkOpen else { return nil }
    return since.advanced(byMilliseconds: configuration.quitTimeoutMilliseconds)
  }

  // MARK: The session's requests

  /// Sends `message` to its conversation, a channel or a nick: the core sends nothing from
  /// the server's own conversation, so no target is ever guessed.
  func send(_ message: Message, at now: Timestamp) {
    lastNow = max(lastNow, now)
    let intent = IRCIntent.send(
      id: message.id, target: message.conversation.text, text: message.text,
      isAction: message.isAction, replyTo: message.inReplyTo?.serverMessageID)
    apply(client.perform(intent, at: now), now)
  }

  func perform(_ intent: IRCIntent, at now: Timestamp) {
    lastNow = max(lastNow, now)
    apply(client.perform(intent, at: now), now)
  }

  /// When the engine next has something to do: an event to hand over (or a changed link
  /// status), the client's timers, a confirmation that is overdue. (The link adds its own.)
  var nextDeadline: Timestamp? { nextDeadline(includingQueue: true) }

  /// Whether actions wait for the core.
  var hasQueuedEvents: Bool { queueHead < queue.count }
  /// How many events wait for the loop.
  var queuedEventCount: Int { queue.count - queueHead }

  /// `nextDeadline`, or without the waiting actions and link status (a replay that holds
  /// them back).
  func nextDeadline(includingQueue: Bool) -> Timestamp? {
    var deadline: Timestamp?
    func consider(_ time: Timestamp?) {
      guard let time else { return }
      deadline = min(deadline ?? time, time)
    }
    if includingQueue && (hasQueuedEvents || linkStatus != reportedLink) { consider(lastNow) }
    if clientStarted, isLinkOpen { consider(inPlace { $0.nextDeadline }) }
    // A message waiting for a channel's history waits across a reconnect: its limit runs on.
    consider(inPlace { $0.confirmationDeadline })
    return deadline
  }

  /// Reads `client` in place. A computed property read straight off `client` (a stored
  /// property of this class, the client a struct of another module) made a copy of the whole
  /// client first, every field retained and released: about 2,000 instructions, several times
  /// on each event's way (callgrind, 20 channels of history: 14 % of the run).
  @inline(__always)
  func inPlace<Value>(_ read: (inout IRCClient) -> Value) -> Value { read(&client) }

  /// The next action for the core, if one is waiting; once none is, the link status if it
  /// changed.
  func nextQueuedEvent(at now: Timestamp) -> Action.Session? {
    guard queueHead < queue.count else { return linkChange(at: now) }
    let event = queue[queueHead]
    queueHead += 1
    if queueHead == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    }
    return event
  }

  /// Whether the session still expects something once the core has everything it sent: the
  /// server's closing after `QUIT`, or anything at all when it keeps listening. A query.
  var isExpectingEvents: Bool {
    if hasGivenUp { return false }
    if configuration.keepsListening { return true }
    guard case .quitting = client.phase else { return false }
    return isLinkOpen
  }

  /// The core asks to leave, everything it sent settled: the client queues `QUIT :reason`
  /// (`IRCClient.defaultQuitReason` when nil) at once, if registered, and the server's closing
  /// is awaited. A session that keeps listening stays; one not registered has nothing to say.
  func leave(reason: String?, at now: Timestamp) {
    lastNow = max(lastNow, now)
    guard !configuration.keepsListening, clientStarted, isLinkOpen, client.phase == .registered
    else { return }
    apply(client.perform(.quit(reason: reason), at: now), now)
  }

  /// Takes in one step of the client: lines to write, events to map, a close.
  func apply(_ output: IRCOutput, _ now: Timestamp) {
    if !output.lines.isEmpty, isLinkOpen { link?.write(output, at: now) }
    // Closed before the events are handled: a `.disconnected` among them may dial the next
    // link at once (an STS upgrade), and that one must not be the link closed here.
    if output.closeConnection, isLinkOpen { link?.closeLink(flushingFirst: true) }
    if output.eventTimes.isEmpty {
      for event in output.events { handle(event, at: now) }
    } else {
      for (index, event) in output.events.enumerated() {
        handle(event, at: output.eventTimes[index] ?? now)
      }
    }
  }

  func enqueue(_ event: Action.Session) {
    queue.append(event)
  }

  /// Gives up for good, for `reason`: the core is told, in turn with the rest, and ends the
  /// run with `exitStatus` (69 unavailable, 77 login refused). Once: the first reason stays.
  func giveUp(_ reason: String, exitStatus: Int32, at now: Timestamp) {
    guard !hasGivenUp else { return }
    hasGivenUp = true
    enqueue(.gaveUp(SessionFailure(reason: reason, exitStatus: exitStatus), time: now))
  }

  static func endpoint(of configuration: IRCSessionConfiguration) -> IRCEndpoint {
    let security: IRCEndpoint.Security =
      switch configuration.tls {
      case nil: .plaintext
      case let tls?: tls.insecure ? .unverifiedTLS : .tls
      }
    return IRCEndpoint(host: configuration.host, port: Int(configuration.port), security: security)
  }
}
