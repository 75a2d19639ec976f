import ChatCore

/// What changed in the state since a renderer last looked, as counts of new items at the end
/// of the state's collections. Plain integers, so passing it around costs nothing.
public struct Changes: Equatable, Sendable {
  /// How many messages entered the conversation (the last ones in `state.messages`).
  public var enteredCount = 0
  /// How many sends are new and still awaiting their echo (the last ones in `state.outbox`).
  public var sentCount = 0
  /// How many sends were newly reported undeliverable (the last ones in `state.failed`).
  public var failedCount = 0
  /// How many conversation events are new (the last ones in `state.events`).
  public var eventCount = 0
  /// The session's new status, if it changed.
  public var status: SessionStatus?

  /// Creates a record of no change.
  public init() {}

  /// Whether nothing changed.
  public var isEmpty: Bool {
    enteredCount == 0 && sentCount == 0 && failedCount == 0 && eventCount == 0 && status == nil
  }

  /// Messages that entered the conversation, oldest first.
  public func entered(in state: AppState) -> Slice<Scrollback> {
    state.messages.suffix(enteredCount)
  }

  /// Conversation events (joins, parts, topics, switches) that happened, oldest first.
  public func events(in state: AppState) -> Slice<Ring<ConversationEvent>> {
    state.events.suffix(eventCount)
  }

  /// Messages the user sent that are now awaiting their echo, oldest first.
  public func sent(in state: AppState) -> Slice<PendingQueue<Message>> {
    state.outbox.suffix(sentCount)
  }

  /// Sends reported undeliverable, with why, oldest first.
  public func failed(in state: AppState) -> ArraySlice<FailedMessage> {
    state.failed.suffix(failedCount)
  }
}

/// Remembers a few counters of the last state it saw, so a renderer can find what is new in
/// O(new items): it never scans or re-renders the conversation.
///
/// The runtime renders after every action, so each step adds at most a handful of items and
/// they are still at the end of their (possibly trimmed) collections.
public struct ChangeTracker: Sendable {
  private var messageCount = 0
  private var outboxAppended = 0
  private var failedCount = 0
  private var eventCount = 0
  private var status: SessionStatus?

  /// Creates a tracker that has seen nothing yet.
  public init() {}

  /// What is new in `state` since the last call, and remembers `state` as seen.
  public mutating func changes(in state: AppState) -> Changes {
    var changes = Changes()
    changes.enteredCount = min(state.messageCount - messageCount, state.messages.count)
    // The sends still in the outbox that were appended since the last look. Counting sends
    // alone would be wrong when one is echoed before the look while an older one still
    // waits: the count would then name the older one as new.
    changes.sentCount = state.outbox.countAppended(after: outboxAppended)
    changes.failedCount = max(0, state.failed.count - failedCount)
    changes.eventCount = min(state.eventCount - eventCount, state.events.count)
    if state.sessionStatus != status { changes.status = state.sessionStatus }
    messageCount = state.messageCount
    outboxAppended = state.outbox.appendedCount
    failedCount = state.failed.count
    eventCount = state.eventCount
    status = state.sessionStatus
    return changes
  }
}
