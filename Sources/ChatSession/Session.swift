import ChatCore

/// Something that carries messages to the other side and reports back as `Action.Session`s.
///
/// Sessions are passive: the runtime's loop hands them sends, asks when their next event is
/// due, and collects due events. That keeps every session on the loop's one thread and lets
/// the same loop drive them on a live or a virtual clock. A network transport would add the
/// file descriptors it wants polled; the events it reports are already here: connecting,
/// connected, disconnected, delivery failures, echoes and received messages.
public protocol Session {
  /// Starts connecting at `now`.
  mutating func connect(at now: Timestamp)
  /// Hands `message` over for delivery at `now`.
  mutating func send(_ message: Message, at now: Timestamp)
  /// When the next event is due, or nil when nothing is pending.
  var nextDeadline: Timestamp? { get }
  /// Removes and returns the earliest event due at or before `now`, if any.
  mutating func nextEvent(dueBy now: Timestamp) -> Action.Session?
  /// Asks to join the channel `name` at `now`; `.joined` reports it done.
  mutating func join(_ name: ConversationName, at now: Timestamp)
  /// Asks to leave the channel `name` at `now`, for `reason` if given; `.left` reports it done.
  mutating func part(_ name: ConversationName, reason: String?, at now: Timestamp)
  /// Asks to set the topic of the channel `name` at `now`; `.topicChanged` reports it done.
  mutating func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp)
}

/// Sessions without channels ignore the channel requests: nothing is joined, so nothing is
/// reported.
extension Session {
  public mutating func join(_ name: ConversationName, at now: Timestamp) {}
  public mutating func part(_ name: ConversationName, reason: String?, at now: Timestamp) {}
  public mutating func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {}
}
