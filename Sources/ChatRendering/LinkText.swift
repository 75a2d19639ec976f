import ChatCore

/// The words for a network link's status, shared by the prompt and `/list`.
public enum LinkText {
  /// The prompt's short hints for `state`'s link, in order: `TLS not verified`, `3 queued`,
  /// `lag 120ms`. Empty without a network; queued lines and lag only while connected.
  public static func hints(for state: AppState) -> [String] {
    var hints: [String] = []
    if state.isTLSUnverified { hints.append("TLS not verified") }
    guard let link = state.link, state.sessionStatus == .connected else { return hints }
    if link.queuedLines > 0 { hints.append("\(link.queuedLines) queued") }
    if let lag = link.lagMilliseconds { hints.append("lag " + lagText(lag)) }
    return hints
  }

  /// `connected, lag 120ms, 3 lines queued`, for `/list`.
  public static func summary(of link: LinkStatus, status: SessionStatus) -> String {
    var parts = [status.rawValue]
    if status == .connected {
      parts.append("lag " + (link.lagMilliseconds.map(lagText) ?? "not measured yet"))
    }
    if link.queuedLines > 0 {
      parts.append("\(link.queuedLines) line\(link.queuedLines == 1 ? "" : "s") queued")
    }
    return parts.joined(separator: ", ")
  }

  /// `120ms` below ten seconds, `12s` from there.
  static func lagText(_ milliseconds: Int64) -> String {
    milliseconds < 10_000 ? "\(milliseconds)ms" : "\(milliseconds / 1000)s"
  }
}
