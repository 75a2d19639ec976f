import ChatCore

/// What a session reports of its link for the loop to relay to its observer
/// (`Session.takeLinkReports()`, `chat --record`): one `LinkEvent`, when it happened, and how
/// many of the session's actions were waiting for the loop then.
///
/// The count is taken at the event, not when the loop relays it: a recording says how many
/// actions had reached the core where a replay, by itself, would hand on a different number
/// (see the Recordings article), and the loop only relays reports between its dispatches.
public struct LinkReport: Hashable, Sendable {
  /// What happened.
  public var event: LinkEvent
  /// When.
  public var time: Timestamp
  /// How many of the session's actions (a changed link status counting as one) were ready
  /// for the loop and not yet collected when it happened.
  public var waitingActions: Int

  /// A report of `event` at `time`, with `waitingActions` waiting.
  public init(_ event: LinkEvent, at time: Timestamp, waitingActions: Int = 0) {
    self.event = event
    self.time = time
    self.waitingActions = waitingActions
  }
}
