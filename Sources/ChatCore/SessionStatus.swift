/// Where the session's connection stands, as last reported by the session.
public enum SessionStatus: String, Hashable, Sendable, Codable, CaseIterable {
  /// Not connected, and not trying.
  case disconnected
  /// Trying to connect.
  case connecting
  /// Connected: sends go out.
  case connected
}
