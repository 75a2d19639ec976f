import ChatCore

/// Lines waiting for the pacing allowance: the protocol's own replies first, then the rest in
/// the order they were queued.
struct IRCOutbox: Sendable {
  enum Entry: Sendable {
    /// A line of the protocol itself (`PONG`, `CAP`, registration).
    case control(IRCMessage)
    /// A keepalive `PING` of ours, answered by a `PONG` with `token`.
    case keepalive(token: String)
    /// A line of one of the user's messages.
    case part(IRCInFlightLine)
    /// `JOIN`, `PART`, `NICK`, `QUIT` the user asked for.
    case command(IRCMessage)
    /// A `NOTICE` answering a CTCP request.
    case ctcpAnswer(IRCMessage)
    /// A `PING` after the rejoining `JOIN`s: its `PONG` says their replies are all in.
    case rejoinPing(token: String)
  }

  private(set) var urgent = PendingQueue<Entry>()
  private(set) var ordered = PendingQueue<Entry>()

  var isEmpty: Bool { urgent.isEmpty && ordered.isEmpty }
  var count: Int { urgent.count + ordered.count }

  var next: Entry? { urgent.first ?? ordered.first }

  /// How many message lines are waiting.
  var partCount: Int {
    ordered.count { if case .part = $0 { true } else { false } }
  }

  /// Whether a keepalive `PING` is waiting.
  var hasKeepalive: Bool {
    urgent.contains { if case .keepalive = $0 { true } else { false } }
  }

  mutating func queueUrgent(_ entry: Entry) {
    urgent.append(entry)
  }

  mutating func queue(_ entry: Entry) {
    ordered.append(entry)
  }

  /// Replaces a queued `PONG` rather than queueing another, so a server sending a flood of
  /// `PING`s is answered once per allowance, not once per `PING`.
  mutating func queuePong(_ pong: IRCMessage) {
    if urgent.contains(where: {
      if case .control(let line) = $0 { line.command == "PONG" } else { false }
    }) {
      _ = urgent.removeFirst {
        if case .control(let line) = $0 { line.command == "PONG" } else { false }
      }
    }
    urgent.append(.control(pong))
  }

  mutating func removeNext() -> Entry? {
    if !urgent.isEmpty { return urgent.removeFirst { _ in true } }
    return ordered.removeFirst { _ in true }
  }

  /// Whether the next ordered line is a line of a message (so a confirming `PING` can wait).
  var nextIsPart: Bool {
    if case .part = ordered.first { true } else { false }
  }

  /// Empties the outbox, returning the message lines that never went out.
  mutating func drain() -> [IRCInFlightLine] {
    let parts = (Array(urgent) + Array(ordered)).compactMap { entry -> IRCInFlightLine? in
      if case .part(let line) = entry { line } else { nil }
    }
    urgent.removeAll()
    ordered.removeAll()
    return parts
  }
}
