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
/// core's session actions: `001` is `.connected`; a message the client's delivery part reports
/// delivered (every line confirmed: its echo, an `ACK`, or the `PONG` after it on servers
/// without `echo-message`) is `.echoed`, at the server's time; messages it reports failed for
/// one reason (an error reply, a lost link, the confirmation limit) are one
/// `.deliveryFailed` with that reason; a `PRIVMSG`, `NOTICE` or action from someone is
/// `.received` (its id from the server's msgid, see `IRCMessageID`); a connection's end is
/// `.disconnected` with its reason and whether it is retried. The core words the notices for
/// those two. What else the user should know that is no conversation message (a nick
/// fallback, a split, a reconnect, an unverified TLS link) is `.noticed`, in turn with the
/// rest; the pacing queue and the lag are `.linkChanged`, once per turn when they changed,
/// never per line.
///
/// A message fails when the server has not confirmed its lines
/// `confirmationTimeoutMilliseconds` after the last was written: pacing may hold lines back
/// for long, so the clock starts at the write, not when the user pressed Enter. The client's
/// delivery part keeps that limit; the session says it confirms delivery itself
/// (`confirmsDelivery`), and the core sets no timeout.
///
/// Losing the link: a message whose line never went out fails as not sent; one written but
/// unconfirmed fails saying it may or may not have arrived, except a channel line, which stays
/// pending until the channel's history on rejoining tells (see `IRCClient+History`). The
/// session reconnects after a seeded `ReconnectBackoff` delay, registers again and rejoins; it
/// never sends anything again on its own. A first connection that
/// fails ends the session when `givesUpIfFirstConnectionFails`; a refused certificate always
/// does, since it does not fix itself in a minute, and so does a failed SASL login that was
/// not optional. Giving up is `.gaveUp`, with why and the exit status (69, or 77 for the
/// login), and the core ends the run.
///
/// Leaving: when the core asks it to (`leave`, once everything is confirmed), the client
/// queues `QUIT` with the user's reason at once (its phase is then `.quitting`) and the
/// session expects the server's closing (at most `quitTimeoutMilliseconds`, then it hangs up),
/// unless it keeps listening.
public final class IRCSession: Session {
  /// Where it connects now (an STS upgrade changes the port and turns TLS on).
  public var configuration: IRCSessionConfiguration { engine.configuration }
  /// TLS settings for an STS upgrade of a plaintext connection.
  public var upgradeTLS: TLSConfiguration {
    get { engine.upgradeTLS }
    set { engine.upgradeTLS = newValue }
  }
  /// Whether everything the link carries is kept for the loop (`takeLinkReports()`), at the
  /// time the client is fed it: dials, connections, every line the server sent, the lines
  /// written (redacted), closes, and the moment a line still arriving crosses the length cap.
  /// The loop turns it on when it is watched (`--record`).
  public var reportsLink = false
  /// What the link did since the loop last took it (only while `reportsLink`).
  private var linkReports: [LinkReport] = []
  /// How many actions (a changed link status counted as one) wait for the loop to hand them
  /// to the core: a line typed now reaches the core before them (a recording says how many).
  public var waitingActionCount: Int { engine.waitingActionCount }

  /// The protocol state machine.
  public var client: IRCClient { engine.client }
  let engine: IRCSessionEngine
  var stream: (any ByteStream)?
  var tlsContext: TLSContext?
  var connectDeadline: Timestamp?
  var outgoing = OutgoingBytes()
  /// Splits what the stream brings into the lines the client is fed (and a recording keeps).
  var lineBuffer = IRCLineBuffer()
  /// Whether the line `lineBuffer` discards now has had its crossing of the cap recorded.
  var overflowObserved = false
  var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
  /// How many events may wait for the loop before the stream is no longer read (see
  /// `pumpStream`): about one display frame's worth.
  static let maximumQueuedEvents = 1024

  /// A session that connects as `configuration` says when the loop calls `connect(at:)`.
  public init(configuration: IRCSessionConfiguration) {
    engine = IRCSessionEngine(configuration: configuration)
    engine.link = self
  }

  /// Tells the user `notice` when the run starts (an STS policy applied before connecting).
  public func announce(_ notice: SessionNotice) {
    engine.startNotices.append(notice)
  }

  public func connect(at now: Timestamp) {
    engine.lastNow = now
    engine.tellStartNotices(at: now)
    dial(at: now)
  }

  public func send(_ message: Message, at now: Timestamp) {
    engine.send(message, at: now)
    flush(at: now)
  }

  public func join(_ name: ConversationName, key: String?, at now: Timestamp) {
    engine.perform(.join(channel: name.text, key: key), at: now)
    flush(at: now)
  }

  public func part(_ name: ConversationName, reason: String?, at now: Timestamp) {
    engine.perform(.part(channel: name.text, reason: reason), at: now)
    flush(at: now)
  }

  public func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {
    engine.perform(.setTopic(channel: name.text, text: topic), at: now)
    flush(at: now)
  }

  public func perform(_ request: SessionRequest, at now: Timestamp) {
    engine.perform(IRCIntent(request), at: now)
    flush(at: now)
  }

  public var nextDeadline: Timestamp? {
    var deadline = engine.nextDeadline
    func consider(_ time: Timestamp?) {
      guard let time else { return }
      deadline = min(deadline ?? time, time)
    }
    if let stream, stream.isEstablished, stream.hasBufferedInput { consider(engine.lastNow) }
    consider(connectDeadline)
    consider(engine.reconnectAt)
    consider(engine.quitDeadline)
    return deadline
  }

  public func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    engine.lastNow = max(engine.lastNow, now)
    doDueWork(at: now)
    return engine.nextQueuedEvent(at: now)
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
    engine.lastNow = max(engine.lastNow, now)
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

  /// True: a line fails when the server has not confirmed it
  /// `confirmationTimeoutMilliseconds` after it was written.
  public var confirmsDelivery: Bool { true }

  /// After `leave`: whether the server's closing is still to come (or, keeping listening,
  /// anything at all). A query.
  public var isExpectingEvents: Bool {
    engine.isExpectingEvents
  }

  /// Leaves politely: `QUIT :reason` (`chat` when nil) goes out at once, then the server's
  /// closing is awaited (at most `quitTimeoutMilliseconds`), unless it keeps listening.
  public func leave(reason: String?, at now: Timestamp) {
    engine.leave(reason: reason, at: now)
    flush(at: now)
  }

  /// What has fallen due by `now`: a reconnect, a connect timeout, buffered TLS input, the
  /// client's timers, the wait for the server's closing after `QUIT`, and confirmations that
  /// did not come.
  private func doDueWork(at now: Timestamp) {
    if let due = engine.reconnectAt, due <= now {
      engine.reconnectAt = nil
      dial(at: now)
    }
    if let due = connectDeadline, due <= now, let stream {
      connectFailed(stream.stalledConnectError, at: now)
    }
    if let stream, stream.isEstablished, stream.hasBufferedInput { pumpStream(at: now) }
    engine.doDueWork(at: now)
    flush(at: now)
    if let due = engine.quitDeadline, due <= now {
      observe(.hungUp, at: now)
      engine.gaveUpWaitingForClose()
    }
    engine.failUnconfirmed(at: now)
  }

  public func takeLinkReports() -> [LinkReport] {
    guard !linkReports.isEmpty else { return [] }
    defer { linkReports = [] }
    return linkReports
  }

  /// Keeps `event` at `now` for the loop, with the actions waiting then, while reporting.
  func observe(_ event: LinkEvent, at now: Timestamp) {
    guard reportsLink else { return }
    linkReports.append(LinkReport(event, at: now, waitingActions: engine.waitingActionCount))
  }
}
