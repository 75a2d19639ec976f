import ChatCore
import ChatIRC
import ChatSession

/// An IRC session played back from a recording (`--record` on a network run), on the
/// virtual clock: the same `IRCClient` and the same mapping to the core's actions as
/// `IRCSession` (one `IRCSessionEngine`), fed what the link carried at the times it carried
/// it. No socket, no mock: a dial, a connection, each line the server sent and each close
/// happen when the recording says, and everything chat made of them is made again.
///
/// The lines chat writes go nowhere (a recording keeps them for the reader only). Timers of
/// the link that the recording already answers are not run: a reconnect happens at the
/// recorded dial, and a close after an unanswered `QUIT` at the recorded hang-up. The
/// client's own timers (pacing, keepalive) and the confirmation timeout run as live.
///
/// A line typed at the same millisecond as a link event is typed in the recording's order:
/// an entry with `typedBefore` typed lines before it in the file waits until the input has
/// typed that many (`typedTaken`), so the two streams interleave as they were recorded.
public final class ReplaySession: Session {
  /// One recorded link event, at its time.
  public struct Entry: Hashable, Sendable {
    /// When it happened.
    public var time: Timestamp
    /// What happened.
    public var step: Step
    /// How many typed entries come before it in the recording.
    public var typedBefore: Int

    /// Creates an entry.
    public init(time: Timestamp, step: Step, typedBefore: Int) {
      self.time = time
      self.step = step
      self.typedBefore = typedBefore
    }
  }

  /// What an entry does.
  public enum Step: Hashable, Sendable {
    /// The link carried `event`.
    case link(IRCLinkEvent)
    /// The actions made so far wait until the input has typed `untilTyped` entries: live,
    /// a line typed in the same turn as the link's lines reached the core before them.
    case hold(untilTyped: Int)
  }

  /// Told what the live session told the user besides the conversation (see
  /// `IRCSession.report`).
  public var report: (String) -> Void {
    get { engine.report }
    set { engine.report = newValue }
  }
  /// Whether the recording ends with a connection attempt that was not retried.
  public private(set) var gaveUp = false

  let engine: IRCSessionEngine
  private let entries: [Entry]
  private let typedTaken: () -> Int
  private var next = 0
  private var open = false
  private var holdUntilTyped = 0

  /// Plays `entries` (in time order) with the client `configuration` describes; `typedTaken`
  /// says how many typed entries the input has typed so far.
  public init(
    configuration: IRCSessionConfiguration, entries: [Entry], typedTaken: @escaping () -> Int
  ) {
    engine = IRCSessionEngine(configuration: configuration)
    self.entries = entries
    self.typedTaken = typedTaken
    engine.link = self
  }

  /// The protocol state machine.
  public var client: IRCClient { engine.client }

  public func connect(at now: Timestamp) {
    engine.lastNow = now  // The recording says when it dialled.
  }

  public func send(_ message: Message, at now: Timestamp) {
    engine.send(message, at: now)
  }

  public func join(_ name: ConversationName, at now: Timestamp) {
    engine.perform(.join(channel: name.text), at: now)
  }

  public func part(_ name: ConversationName, reason: String?, at now: Timestamp) {
    engine.perform(.part(channel: name.text, reason: reason), at: now)
  }

  public func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {
    report("setting a topic is not supported on IRC yet")
  }

  public var nextDeadline: Timestamp? {
    var deadline = engine.nextDeadline(includingQueue: !isHolding)
    if let entry = nextPlayable { deadline = min(deadline ?? entry.time, entry.time) }
    return deadline
  }

  public func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    engine.lastNow = max(engine.lastNow, now)
    play(dueBy: now)
    engine.doDueWork(at: now)
    engine.failUnconfirmed(at: now)
    return isHolding ? nil : engine.nextQueuedEvent()
  }

  private var isHolding: Bool { typedTaken() < holdUntilTyped }

  public var watchedDescriptors: [WatchedDescriptor] { [] }

  public func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {}

  public var isExpectingEvents: Bool {
    if gaveUp { return false }
    return engine.isExpectingEvents
  }

  /// The next entry, unless a typed line recorded before it has not been typed yet.
  private var nextPlayable: Entry? {
    guard next < entries.count, entries[next].typedBefore <= typedTaken() else { return nil }
    return entries[next]
  }

  /// Feeds the client every entry due by `now`; lines received together are one step, as
  /// one read of the socket is.
  private func play(dueBy now: Timestamp) {
    var received = IRCOutput()
    var receivedAny = false
    func deliverReceived(at time: Timestamp) {
      guard receivedAny else { return }
      engine.apply(received, time)
      (received, receivedAny) = (IRCOutput(), false)
    }
    while let entry = nextPlayable, entry.time <= now {
      next += 1
      let event: IRCLinkEvent
      switch entry.step {
      case .hold(let typed):
        deliverReceived(at: entry.time)
        holdUntilTyped = max(holdUntilTyped, typed)
        continue
      case .link(let linked): event = linked
      }
      if case .received(let item) = event {
        if open {
          received.append(engine.client.receive(item, at: entry.time))
          receivedAny = true
        }
        if nextPlayable.map({ $0.time != entry.time }) ?? true { deliverReceived(at: entry.time) }
        continue
      }
      deliverReceived(at: entry.time)
      switch event {
      case .dialing:
        open = true
        engine.dialing(at: entry.time)
        if let tls = engine.configuration.tls, tls.insecure {
          report(
            "TLS to \(engine.configuration.host):\(engine.configuration.port) is not verified"
              + " (--tls-insecure)")
        }
      case .connected:
        engine.established(at: entry.time)
      case .received, .wrote:
        break
      case .closed(let reason):
        open = false
        engine.lost(reason, rest: [], at: entry.time)
      case .failed(let reason, let retrying):
        open = false
        if !retrying { gaveUp = true }
        engine.attemptFailed(reason, retrying: retrying, at: entry.time)
      case .hungUp:
        engine.gaveUpWaitingForClose()
      }
    }
    deliverReceived(at: now)
  }
}

extension ReplaySession: IRCSessionLink {
  var isLinkOpen: Bool { open }
  func write(_ output: IRCOutput, at now: Timestamp) {}
  func closeLink(flushingFirst: Bool) { open = false }
  func redial(at now: Timestamp) {}
}
