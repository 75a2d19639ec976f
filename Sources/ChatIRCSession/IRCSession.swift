import ChatCore
import ChatIRC
import ChatSession
import ChatTransport
import FoundationEssentials

/// A session on an IRC server: the protocol state machine (`IRCClient`) over a non-blocking
/// TCP or TLS stream, joined to the runtime's one loop.
///
/// Bytes read go to the client; the lines it wants written wait in `OutgoingBytes`, and the
/// descriptor is watched for writing only while they do. What the client reports becomes the
/// core's session actions: `001` is `.connected`; the server's confirmation of every line of a
/// message (its echo, an `ACK`, or the `PONG` after it on servers without `echo-message`) is
/// `.echoed`, at the server's time; an error reply is `.deliveryFailed` with the server's
/// reason; a `PRIVMSG`, `NOTICE` or action from someone is `.received` (its id from the
/// server's msgid, see `IRCMessageID`); a lost link is `.disconnected` with its reason. What
/// the user should know that is no conversation message (a nick fallback, a split, a
/// reconnect, an unverified TLS link) is `.noticed`, in turn with the rest; the pacing queue
/// and the lag are `.linkChanged`, once per turn when they changed, never per line.
///
/// A line counts as failed when the server has not confirmed it
/// `confirmationTimeoutMilliseconds` after it was written: pacing may hold lines back for
/// long, so the clock starts at the write, not when the user pressed Enter (the command line
/// gives the core a delivery timeout long enough not to fire first).
///
/// Losing the link: every unconfirmed message fails (saying it may or may not have
/// arrived), and the session reconnects after a seeded `ReconnectBackoff` delay, registers
/// again and rejoins; it never sends anything again on its own. A first connection that
/// fails ends the session when `givesUpIfFirstConnectionFails` (`failure` says why); a
/// refused certificate always does, since it does not fix itself in a minute, and so does a
/// failed SASL login that was not optional (`authenticationFailure`).
///
/// Leaving: when the loop finds the app leaving with everything confirmed, the session
/// sends `QUIT` and expects the server's closing (at most `quitTimeoutMilliseconds`), unless
/// it keeps listening. A class, so the command line can read `failure` after the run.
public final class IRCSession: Session {
  /// Where it connects now (an STS upgrade changes the port and turns TLS on).
  public internal(set) var configuration: IRCSessionConfiguration
  /// Why the session gave up for good, if it did: the run should end (piped: exit 69).
  public internal(set) var failure: TransportError?
  /// Why a required SASL login failed, if it did: the session stops there (piped: exit 77),
  /// since the same credentials would be refused again at every reconnect.
  public internal(set) var authenticationFailure: String?
  /// Whether the session gave up for good (`failure` or `authenticationFailure`).
  public var hasGivenUp: Bool { failure != nil || authenticationFailure != nil }
  /// Told when a verified TLS connection carries an STS policy to remember.
  public var stsPolicyUpdated: (IRCSTSPolicy) -> Void = { _ in }
  /// Told when a verified TLS connection says to forget the STS policy of a host.
  public var stsPolicyRemoved: (String) -> Void = { _ in }
  /// TLS settings for an STS upgrade of a plaintext connection.
  public var upgradeTLS = TLSConfiguration()

  /// The protocol state machine.
  public internal(set) var client: IRCClient
  var stream: (any ByteStream)?
  var tlsContext: TLSContext?
  var clientStarted = false
  var connectDeadline: Timestamp?
  var reconnectAt: Timestamp?
  var upgradePort: Int?
  var outgoing = OutgoingBytes()
  var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
  var queue: [Action.Session] = []
  /// How many events may wait for the loop before the stream is no longer read (see
  /// `pumpStream`): about one display frame's worth.
  static let maximumQueuedEvents = 1024
  var queueHead = 0
  var pending: [UUID: PendingMessage] = [:]
  var backoff: ReconnectBackoff
  var ids: SeededUUIDGenerator
  var hasRegistered = false
  /// The nick the core knows us by.
  var currentNick: String
  var leaving = Leaving.no
  var quitDeadline: Timestamp?
  var lastNow = Timestamp(millisecondsSinceEpoch: 0)
  /// The link status the core was last told of; nil before the first report.
  var reportedLink: LinkStatus?
  /// Notices for the start of the run, told when it connects (`announce`).
  var startNotices: [SessionNotice] = []

  enum Leaving {
    case no
    /// The loop found the app leaving: `QUIT` goes out at the next turn.
    case requested
    /// `QUIT` is written; waiting for the server to close.
    case quitSent
    /// The link is closed for good.
    case done
  }

  /// A message of ours that the server has not confirmed in full.
  struct PendingMessage {
    var message: Message
    var parts = 1
    var confirmed = 0
    /// When its last line written so far went to the socket.
    var writtenAt: Timestamp?
    /// The time of its first line's confirmation: when it entered the conversation.
    var firstConfirmation: Timestamp?
  }

  /// A session that connects as `configuration` says when the loop calls `connect(at:)`.
  public init(configuration: IRCSessionConfiguration) {
    self.configuration = configuration
    var clientConfiguration = configuration.client
    clientConfiguration.endpoint = Self.endpoint(of: configuration)
    client = IRCClient(configuration: clientConfiguration, at: lastNow)
    currentNick = configuration.client.nick
    backoff = ReconnectBackoff(
      seed: configuration.seed, baseMilliseconds: configuration.reconnectBaseMilliseconds,
      capMilliseconds: configuration.reconnectCapMilliseconds)
    ids = SeededUUIDGenerator(seed: configuration.seed, stream: 2)
  }

  /// Where a message for the session's own conversation goes: the first channel.
  var defaultTarget: String? {
    client.joinedChannels.first ?? configuration.client.channels.first
  }

  public func connect(at now: Timestamp) {
    lastNow = now
    for notice in startNotices { notify(notice, at: now) }
    startNotices = []
    dial(at: now)
  }

  public func send(_ message: Message, at now: Timestamp) {
    lastNow = max(lastNow, now)
    let named = message.conversation == .initial ? nil : message.conversation.text
    guard let target = named ?? defaultTarget else {
      enqueue(
        .deliveryFailed(
          id: message.id,
          reason: "not sent: no channel to send to (name one in the URL or with --join)",
          time: now))
      return
    }
    pending[message.id] = PendingMessage(message: message)
    let intent = IRCIntent.send(
      id: message.id, target: target, text: message.text, isAction: message.isAction)
    apply(client.perform(intent, at: now), now)
    flush(at: now)
  }

  public func join(_ name: ConversationName, at now: Timestamp) {
    lastNow = max(lastNow, now)
    apply(client.perform(.join(channel: name.text), at: now), now)
    flush(at: now)
  }

  public func part(_ name: ConversationName, reason: String?, at now: Timestamp) {
    lastNow = max(lastNow, now)
    apply(client.perform(.part(channel: name.text, reason: reason), at: now), now)
    flush(at: now)
  }

  public func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {
    notify(.refused(reason: "setting a topic is not supported on IRC yet"), at: now)
  }

  public var nextDeadline: Timestamp? {
    var deadline: Timestamp?
    func consider(_ time: Timestamp?) {
      guard let time else { return }
      deadline = min(deadline ?? time, time)
    }
    if queueHead < queue.count || leaving == .requested || link != reportedLink {
      consider(lastNow)
    }
    if let stream, stream.isEstablished, stream.hasBufferedInput { consider(lastNow) }
    if clientStarted, stream != nil { consider(client.nextDeadline) }
    consider(connectDeadline)
    consider(reconnectAt)
    consider(quitDeadline)
    for entry in pending.values {
      consider(
        entry.writtenAt?.advanced(byMilliseconds: configuration.confirmationTimeoutMilliseconds))
    }
    return deadline
  }

  public func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    lastNow = max(lastNow, now)
    doDueWork(at: now)
    guard queueHead < queue.count else { return linkChange(at: now) }
    let event = queue[queueHead]
    queueHead += 1
    if queueHead == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    }
    return event
  }

  public var watchedDescriptors: [WatchedDescriptor] {
    guard let stream, stream.descriptor >= 0 else { return [] }
    let interest = outgoing.interest(of: stream)
    guard interest.read || interest.write else { return [] }
    return [
      WatchedDescriptor(stream.descriptor, wantsRead: interest.read, wantsWrite: interest.write)
    ]
  }

  public func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {
    lastNow = max(lastNow, now)
    guard let stream, stream.descriptor == descriptor else { return }
    if !stream.isEstablished {
      switch stream.advance() {
      case .established: established(at: now)
      case .waiting: return
      case .failed(let error): return connectFailed(error, at: now)
      }
    }
    pumpStream(at: now)
  }

  /// Asked while the app is leaving with everything confirmed: the first time, it starts
  /// leaving politely (`QUIT` at the next turn) and expects the server to close the link.
  public var isExpectingEvents: Bool {
    if hasGivenUp { return false }
    if configuration.keepsListening { return true }
    switch leaving {
    case .no:
      guard clientStarted, stream != nil, client.phase == .registered else { return false }
      leaving = .requested
      return true
    case .requested, .quitSent: return stream != nil
    case .done: return false
    }
  }

  /// What has fallen due by `now`: a reconnect, a connect timeout, buffered TLS input, the
  /// client's timers, leaving, and confirmations that did not come.
  private func doDueWork(at now: Timestamp) {
    if let due = reconnectAt, due <= now {
      reconnectAt = nil
      dial(at: now)
    }
    if let due = connectDeadline, due <= now, let stream {
      connectFailed(.timedOut(stream.endpoint), at: now)
    }
    if let stream, stream.isEstablished, stream.hasBufferedInput { pumpStream(at: now) }
    if clientStarted, stream != nil, let due = client.nextDeadline, due <= now {
      apply(client.advance(to: now), now)
      flush(at: now)
    }
    if leaving == .requested {
      leaving = .quitSent
      quitDeadline = now.advanced(byMilliseconds: configuration.quitTimeoutMilliseconds)
      apply(client.perform(.quit(reason: "chat"), at: now), now)
      flush(at: now)
    }
    if let due = quitDeadline, due <= now {
      quitDeadline = nil
      closeStream()
      leaving = .done
    }
    failUnconfirmed(at: now)
  }

  /// Fails every message whose last written line has waited too long for confirmation.
  private func failUnconfirmed(at now: Timestamp) {
    let limit = configuration.confirmationTimeoutMilliseconds
    for (id, entry) in pending {
      guard let written = entry.writtenAt, written.milliseconds(to: now) >= limit else { continue }
      pending[id] = nil
      notify(
        .messageNotDelivered(
          reason: "the server did not confirm it within \(limit / 1000) s"), at: now)
      enqueue(
        .deliveryFailed(
          id: id,
          reason: "the server did not confirm it within \(limit / 1000) s: it may or may not"
            + " have arrived",
          time: now))
    }
  }

  func enqueue(_ event: Action.Session) {
    queue.append(event)
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
