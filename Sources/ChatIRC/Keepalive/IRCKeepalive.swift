import ChatCore

/// The keepalive part of the client: a quiet link gets a `PING`, and a `PING` of ours left
/// unanswered too long means the link is gone.
///
/// It holds when the server was last heard from and when each keepalive `PING` went out; the
/// router tells it what arrived and what was written, and asks it what is due.
struct IRCKeepalive: Hashable, Sendable {
  /// What the passing of time calls for.
  enum Due: Hashable, Sendable {
    case nothing
    /// The link has been quiet for the interval: a keepalive `PING` is to be queued.
    case ping
    /// A keepalive `PING` has waited this long, the timeout or more, without its `PONG`.
    case lost(waitedMilliseconds: Int64)
  }

  /// A quiet link this long gets a keepalive `PING`.
  let intervalMilliseconds: Int64
  /// A keepalive `PING` without its `PONG` this long means the connection is lost.
  let timeoutMilliseconds: Int64
  /// When the server last sent anything (or the connection began).
  private(set) var lastReceived: Timestamp
  /// When each keepalive `PING` still unanswered was written, by token.
  private var unanswered: [String: Timestamp] = [:]

  /// A link heard from at `time`, no `PING` out.
  init(intervalMilliseconds: Int64, timeoutMilliseconds: Int64, at time: Timestamp) {
    self.intervalMilliseconds = intervalMilliseconds
    self.timeoutMilliseconds = timeoutMilliseconds
    lastReceived = time
  }

  /// The server sent something at `time`.
  mutating func heard(at time: Timestamp) {
    lastReceived = time
  }

  /// A keepalive `PING` with `token` was written at `time`.
  mutating func pingWritten(_ token: String, at time: Timestamp) {
    unanswered[token] = time
  }

  /// A `PONG` came back for `token` (a keepalive's or not).
  mutating func pongReceived(_ token: String) {
    unanswered[token] = nil
  }

  /// The connection is over: no `PING` waits any more.
  mutating func connectionLost() {
    unanswered.removeAll()
  }

  /// When `due` next changes; `pingQueued` while a keepalive waits to be written.
  func deadline(pingQueued: Bool) -> Timestamp? {
    if let sent = unanswered.values.min() {
      return sent.advanced(byMilliseconds: timeoutMilliseconds)
    }
    guard !pingQueued else { return nil }
    return lastReceived.advanced(byMilliseconds: intervalMilliseconds)
  }

  /// What is due at `now`; `pingQueued` while a keepalive waits to be written.
  func due(at now: Timestamp, pingQueued: Bool) -> Due {
    if let sent = unanswered.values.min() {
      let waited = sent.milliseconds(to: now)
      return waited >= timeoutMilliseconds ? .lost(waitedMilliseconds: waited) : .nothing
    }
    guard !pingQueued, lastReceived.milliseconds(to: now) >= intervalMilliseconds else {
      return .nothing
    }
    return .ping
  }
}
