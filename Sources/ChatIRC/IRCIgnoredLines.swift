import ChatCore

/// The notices of lines thrown away: at most one a second, so a flood of bad lines is
/// counted into the next notice rather than given one each.
struct IRCIgnoredLines: Hashable, Sendable {
  /// When the last notice was given.
  private var lastNotice: Timestamp?
  /// Lines ignored since it without a notice of their own.
  private var withoutNotice = 0
  /// Whether the over-long line arriving now has had its notice.
  var overflowReported = false

  /// The notice for a line ignored at `now` because of `reason`; nil when it is counted into
  /// the next one.
  mutating func notice(_ reason: String, at now: Timestamp) -> String? {
    if let lastNotice, lastNotice.milliseconds(to: now) < 1000 {
      withoutNotice += 1
      return nil
    }
    let more = withoutNotice
    (lastNotice, withoutNotice) = (now, 0)
    let since = more == 0 ? "" : " (and \(more) more line\(more == 1 ? "" : "s") ignored before it)"
    return reason + since
  }
}
