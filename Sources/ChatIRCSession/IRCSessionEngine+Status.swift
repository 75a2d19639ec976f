import ChatCore
import ChatIRC

/// What the session tells the user besides the conversations: notices, and the link's
/// status (lines queued for pacing, the lag). Live and replayed alike.
extension IRCSessionEngine {
  /// Tells the user `notice`, as a session action in turn with the others.
  func notify(_ notice: SessionNotice, at now: Timestamp) {
    enqueue(.noticed(notice, time: now))
  }

  /// Tells the notices for the start of the run (`announce`d before connecting).
  func tellStartNotices(at now: Timestamp) {
    for notice in startNotices { notify(notice, at: now) }
    startNotices = []
  }

  /// The link's status now: lines waiting for the pacing allowance, the last lag measured
  /// (none before the client started, or once it has stopped). O(1).
  var linkStatus: LinkStatus {
    guard clientStarted else { return LinkStatus() }
    return inPlace {
      LinkStatus(queuedLines: $0.queuedLineCount, lagMilliseconds: $0.lagMilliseconds)
    }
  }

  /// The link's status if it changed since the core was last told, once everything else
  /// due is told: one report however many lines a turn queued or wrote, never one per line.
  func linkChange(at now: Timestamp) -> Action.Session? {
    let status = linkStatus
    guard status != reportedLink else { return nil }
    reportedLink = status
    return .linkChanged(status, time: now)
  }

  /// How many actions wait for the loop to hand them to the core, a report of the link's
  /// status that changed counted as one: what a line typed now overtakes.
  var waitingActionCount: Int {
    queuedEventCount + (linkStatus != reportedLink ? 1 : 0)
  }
}
