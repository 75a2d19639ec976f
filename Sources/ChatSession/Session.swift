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
}
