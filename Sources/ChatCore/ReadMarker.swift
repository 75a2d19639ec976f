/// Where a conversation has been read up to, as a server that keeps read markers says (IRC's
/// `draft/read-marker`, shared by every connection to one account), and what chat last asked
/// it to mark.
///
/// The server owns the marker: `time` moves only when it says (its answer to chat's own
/// request included), never back. What chat asks is kept apart, so it asks at most once a
/// second per conversation (`AppState.readMarkerIntervalMilliseconds`): a request within a
/// second of the last one waits for the timer (`Timer.readMarkers`), and goes out then with
/// the newest time asked.
public struct ReadMarker: Hashable, Sendable {
  /// Everything up to this time has been read, as the server last said; nil until it says.
  public internal(set) var time: Timestamp?
  /// The newest time chat asked the server to mark (or will, once `isDue`).
  var asked: Timestamp?
  /// When chat last asked.
  var askedAt: Timestamp?
  /// Whether the timer will ask for `asked`.
  var isDue = false

  /// Creates a conversation's marker: nothing read yet, nothing asked.
  public init() {}

  /// Whether a message of `messageTime` is newer than the marker: a history message counts
  /// as unread only then (with no marker known, never).
  func isBefore(_ messageTime: Timestamp) -> Bool {
    guard let time else { return false }
    return time < messageTime
  }

  /// Whether asking for `newTime` would move anything: it is newer than the marker and than
  /// what was asked.
  func wouldMove(to newTime: Timestamp) -> Bool {
    if let time, newTime <= time { return false }
    if let asked, newTime <= asked { return false }
    return true
  }
}
