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
    public var event: LinkEvent
    /// How many typed entries come before it in the recording.
    public var typedBefore: Int
    /// The actions made of it (and everything before) wait until the input has typed this
    /// many entries: live, lines typed in the same turn reached the core first.
    public var holdsUntilTyped: Int?
    /// How many actions the core had been handed when the client was fed it (a `reached`
    /// entry before it): the replay hands on that many first, and no more until it plays.
    public var reached: Int?

    /// Creates an entry.
    public init(
      time: Timestamp, event: LinkEvent, typedBefore: Int, holdsUntilTyped: Int? = nil
    ) {
      self.time = time
      self.event = event
      self.typedBefore = typedBefore
      self.holdsUntilTyped = holdsUntilTyped
    }

    /// Creates an entry fed when the core had been handed `reached` actions.
    public init(time: Timestamp, event: LinkEvent, typedBefore: Int, reached: Int?) {
      self.init(time: time, event: event, typedBefore: typedBefore)
      self.reached = reached
    }
  }

  /// Where a typed step overtook actions that waited for the core live (a `reached`
  /// entry): the replay hands the core the actions before it, then holds the rest until the
  /// step is typed.
  public struct Hold: Hashable, Sendable {
    /// How many typed entries come before the step.
    public var typedBefore: Int
    /// How many actions the core had been handed when the step was typed.
    public var delivered: Int

    /// Creates a hold.
    public init(typedBefore: Int, delivered: Int) {
      self.typedBefore = typedBefore
      self.delivered = delivered
    }
  }

  let engine: IRCSessionEngine
  private let entries: [Entry]
  private let typedTaken: () -> Int
  private var next = 0
  private var open = false
  private var holdUntilTyped = 0
  /// The holds of `reached` entries, by the count of typed entries before their step.
  private let holds: [Int: Hold]
  /// How many actions the replay has handed the core.
  private var delivered = 0

  /// Plays `entries` (in time order) with the client `configuration` describes; `typedTaken`
  /// says how many typed entries the input has typed so far, and `holds` what waited for the
  /// core when a step was typed.
  public init(
    configuration: IRCSessionConfiguration, entries: [Entry], holds: [Hold] = [],
    typedTaken: @escaping () -> Int
  ) {
    engine = IRCSessionEngine(configuration: configuration)
    self.entries = entries
    self.holds = Dictionary(holds.map { ($0.typedBefore, $0) }) { first, _ in first }
    self.typedTaken = typedTaken
    engine.link = self
  }

  /// The protocol state machine.
  public var client: IRCClient { engine.client }

  /// Tells the user `notice` when the run starts, as `IRCSession.announce` does live (an STS
  /// policy applied before connecting): at the first recorded dial, the instant live told it.
  public func announce(_ notice: SessionNotice) {
    engine.startNotices.append(notice)
  }

  public func connect(at now: Timestamp) {
    engine.lastNow = now  // The recording says when it dialled.
  }

  public func send(_ message: Message, at now: Timestamp) {
    engine.send(message, at: now)
  }

  public func join(_ name: ConversationName, key: String?, at now: Timestamp) {
    engine.perform(.join(channel: name.text, key: key), at: now)
  }

  public func part(_ name: ConversationName, reason: String?, at now: Timestamp) {
    engine.perform(.part(channel: name.text, reason: reason), at: now)
  }

  public func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {
    engine.perform(.setTopic(channel: name.text, text: topic), at: now)
  }

  public func perform(_ request: SessionRequest, at now: Timestamp) {
    engine.perform(IRCIntent(request), at: now)
  }

  /// Whether every recorded entry has been played and every action it caused handed to the
  /// core: what a recording's input waits for before its implicit end.
  public var hasPlayedEverything: Bool { next >= entries.count && engine.queuedEventCount == 0 }

  public var nextDeadline: Timestamp? {
    var deadline = engine.nextDeadline(includingQueue: !isHolding)
    // An entry waiting for the queue to drain while the queue is held waits for the input.
    if let entry = nextPlayable, !(waitsForQueue(entry) && isHolding) {
      deadline = min(deadline ?? entry.time, entry.time)
    }
    return deadline
  }

  public func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    engine.lastNow = max(engine.lastNow, now)
    play(dueBy: now)
    engine.doDueWork(at: now)
    engine.failUnconfirmed(at: now)
    guard !isHolding, let event = engine.nextQueuedEvent(at: now) else { return nil }
    delivered += 1
    return event
  }

  private var isHolding: Bool {
    typedTaken() < holdUntilTyped || holdsForNextStep || holdsForNextEntry
  }

  /// Whether the core has been handed as many actions as live had when the next entry was
  /// fed: the rest wait until it plays.
  private var holdsForNextEntry: Bool {
    guard next < entries.count, entries[next].typedBefore <= typedTaken(),
      let reached = entries[next].reached
    else { return false }
    return delivered >= reached
  }

  /// Whether the core has been handed as many actions as live had when the next typed step
  /// was typed: the rest wait for it.
  private var holdsForNextStep: Bool {
    guard let hold = holds[typedTaken()] else { return false }
    return delivered >= hold.delivered
  }

  /// Whether `entry` starts actions that live waited for typing while actions from before
  /// it are still queued: those go to the core first.
  private func waitsForQueue(_ entry: Entry) -> Bool {
    guard let typed = entry.holdsUntilTyped, typedTaken() < typed else { return false }
    return engine.hasQueuedEvents
  }

  public var watchedDescriptors: [WatchedDescriptor] { [] }

  public func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {}

  public var isExpectingEvents: Bool { engine.isExpectingEvents }

  /// True, as live: the engine's confirmation timeout decides.
  public var confirmsDelivery: Bool { true }

  public func leave(reason: String?, at now: Timestamp) {
    engine.leave(reason: reason, at: now)
  }

  /// The next entry, unless a typed line recorded before it has not been typed yet, or it is
  /// the `QUIT` live wrote and the replay has not left yet: what the server answered to it
  /// (its closing) must find the session leaving, as live, even at the same millisecond.
  private var nextPlayable: Entry? {
    guard next < entries.count, entries[next].typedBefore <= typedTaken() else { return nil }
    let entry = entries[next]
    if case .wrote(let line) = entry.event, line.hasPrefix("QUIT"), !engine.hasAskedToQuit {
      return nil
    }
    return entry
  }

  /// Feeds the client every entry due by `now`, line by line as the live session does.
  private func play(dueBy now: Timestamp) {
    while let entry = nextPlayable, entry.time <= now {
      // Live, what came before it reached the core before the typing: let it go first.
      if waitsForQueue(entry) { break }
      // Live, more of the actions before it had reached the core: hand them on first.
      if let reached = entry.reached, delivered < reached, engine.waitingActionCount > 0 { break }
      next += 1
      if let typed = entry.holdsUntilTyped { holdUntilTyped = max(holdUntilTyped, typed) }
      switch entry.event {
      case .received, .oversized:
        if open, let item = entry.event.lineItem {
          engine.apply(engine.client.receive(item, at: entry.time), entry.time)
        }
      case .overflowing(let maximum):
        if open {
          let output = engine.client.overlongLineArriving(maximumLineBytes: maximum, at: entry.time)
          engine.apply(output, entry.time)
        }
      case .dialing:
        open = true
        engine.tellStartNotices(at: entry.time)  // Only the first dial has any.
        engine.dialing(at: entry.time)
      case .connected:
        engine.established(at: entry.time)
      case .wrote:
        // Live wrote this line before it read what the recording lists next, even within
        // the same millisecond (a paced line going out as its echo comes back): the client
        // does what was due by then first, so the next line finds it written.
        engine.doDueWork(at: entry.time)
      case .closed(let reason):
        open = false
        engine.lost(reason, rest: [], at: entry.time)
      case .failed(let reason, let retrying):
        open = false
        engine.attemptFailed(reason, retrying: retrying, at: entry.time)
      case .hungUp:
        engine.gaveUpWaitingForClose()
      }
    }
  }
}

extension ReplaySession: IRCSessionLink {
  var isLinkOpen: Bool { open }
  func write(_ output: IRCOutput, at now: Timestamp) {}
  func closeLink(flushingFirst: Bool) { open = false }
  func redial(at now: Timestamp) {}
}
