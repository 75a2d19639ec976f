import ChatCore

/// What changed in the state since a renderer last looked.
public struct Changes {
  /// Messages that entered the conversation, oldest first.
  public var entered: Slice<Scrollback> = Scrollback().suffix(0)
  /// Messages the user sent that are now awaiting their echo, oldest first.
  public var sent: ArraySlice<Message> = []
  /// Sends reported undeliverable, oldest first.
  public var failed: ArraySlice<Message> = []
  /// The session's new status, if it changed.
  public var status: SessionStatus?

  /// Whether nothing changed.
  public var isEmpty: Bool { entered.isEmpty && sent.isEmpty && failed.isEmpty && status == nil }
}

/// Remembers a few counters of the last state it saw, so a renderer can find what is new in
/// O(new items): it never scans or re-renders the conversation.
///
/// The runtime renders after every action, so each step adds at most a handful of items and
/// they are still at the end of their (possibly trimmed) arrays.
public struct ChangeTracker: Sendable {
  private var messageCount = 0
  private var sentCount = 0
  private var failedCount = 0
  private var status: SessionStatus?

  /// Creates a tracker that has seen nothing yet.
  public init() {}

  /// What is new in `state` since the last call, and remembers `state` as seen.
  public mutating func changes(in state: AppState) -> Changes {
    var changes = Changes()
    changes.entered = state.messages.suffix(state.messageCount - messageCount)
    // A send echoed in the same step has already left the outbox; only what remains shows.
    changes.sent = state.outbox.suffix(min(state.sentCount - sentCount, state.outbox.count))
    changes.failed = state.failed.suffix(max(0, state.failed.count - failedCount))
    if state.sessionStatus != status { changes.status = state.sessionStatus }
    messageCount = state.messageCount
    sentCount = state.sentCount
    failedCount = state.failed.count
    status = state.sessionStatus
    return changes
  }
}
