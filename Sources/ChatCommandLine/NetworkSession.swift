import ChatCore
import ChatIRCSession
import ChatSession

/// An IRC session a network run can be wired with: the live one or a recording's replay.
/// Both tell the start-up notices at their first dial.
protocol NetworkSession: Session {
  /// Tells the user `notice` when the run starts.
  func announce(_ notice: SessionNotice)
}

extension IRCSession: NetworkSession {}

extension ReplaySession: NetworkSession {}
