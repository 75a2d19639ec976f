import ChatCore

/// Decides which session status changes a human-readable transcript shows, and in what words.
///
/// Every change after the first connection is news (the connection was lost, is being
/// restored, is back); the first connection at start is not, or every transcript would open
/// with it. JSON lines, written for programs, report every change instead.
public struct StatusNews: Sendable {
  private var hasConnected = false

  /// Creates the filter for a run that has not connected yet.
  public init() {}

  /// The words for a change to `status`, or nil when it is not news.
  public mutating func words(for status: SessionStatus) -> String? {
    switch status {
    case .connected:
      defer { hasConnected = true }
      return hasConnected ? "connected" : nil
    case .connecting:
      return "connecting"
    case .disconnected:
      return "disconnected"
    }
  }
}
