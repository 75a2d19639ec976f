import ChatCore

/// Decides which session status changes a human-readable transcript shows, and in what words.
///
/// A transcript does not open with `connected`: a session that starts connected (the simulated
/// peer) has nothing to announce. Once a change has been shown (`connecting` to a server, a
/// lost connection), every later one is news, the first `connected` included, so a run that
/// says `connecting` also says when it got there. JSON lines, written for programs, report
/// every change instead.
public struct StatusNews: Sendable {
  private var hasShownAChange = false

  /// Creates the filter for a run that has not connected yet.
  public init() {}

  /// The words for a change to `status`, or nil when it is not news.
  public mutating func words(for status: SessionStatus) -> String? {
    defer { hasShownAChange = true }
    switch status {
    case .connected:
      return hasShownAChange ? "connected" : nil
    case .connecting:
      return "connecting"
    case .disconnected:
      return "disconnected"
    }
  }
}
