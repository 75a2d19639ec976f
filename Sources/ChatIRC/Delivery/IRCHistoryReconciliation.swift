import ChatCore
import FoundationEssentials

/// Our channel lines whose confirmation a lost link took with it, held across the reconnect
/// and checked against the channel history the server replays when chat rejoins (a
/// `chathistory` batch after the `JOIN`, as InspIRCd's `chanhistory` sends for a `+H`
/// channel). See `IRCClient+History` for the rules.
struct IRCHistoryReconciliation: Hashable, Sendable {
  /// How many echoed lines of ours are remembered by msgid: enough for the lines that can
  /// be in flight when a link goes, so that their history lines are known for ours.
  static let rememberedEchoes = 64

  /// A line written whole, waiting for the history.
  struct Carried: Hashable, Sendable {
    var line: IRCInFlightLine
    /// Why the link that took its confirmation was lost.
    var reason: String
    /// Our nick when the link went: a new registration that does not get it back may mean
    /// the server still holds the old connection, which may yet send the line.
    var nickAtLoss: String
  }

  /// One of our lines the server is known to have taken, at its place among our writes.
  struct Taken: Hashable, Sendable {
    var msgid: String?
    var sequence: Int
    var connection: Int
  }

  /// What a history batch of a channel with carried lines has shown so far, in summaries
  /// of a size that does not grow with the batch (a hostile server can send it endlessly).
  struct Batch: Hashable, Sendable {
    var channel: String
    /// The earliest time on chat's clock before which one of its lines was surely taken.
    var earliestBefore: Timestamp?
    /// The lowest write sequence, by connection, of the lines of ours it holds (matched, or
    /// echoed before the link went): at most one entry for each remembered echo or carried
    /// line's connection.
    var lowestOurs: [Int: Int] = [:]
    /// The latest time by which one of its lines from one of our nicks that chat could not
    /// match was surely taken: the server may have changed a text of ours, so these leave
    /// doubt for lines written before it.
    var latestUnrecognized: Timestamp?
    /// Whether such a line had no time that bounds it: doubt for every line.
    var hasUntimedUnrecognized = false

    /// Notes a line surely taken before `taken`.
    mutating func noteTaken(before taken: Timestamp) {
      earliestBefore = min(earliestBefore ?? taken, taken)
    }

    /// Notes a line of ours it holds.
    mutating func noteOurs(_ taken: Taken) {
      lowestOurs[taken.connection] = min(
        lowestOurs[taken.connection] ?? taken.sequence, taken.sequence)
    }

    /// Notes a line from one of our nicks that chat could not match, taken by `taken`.
    mutating func noteUnrecognized(takenBy taken: Timestamp?) {
      guard let taken else {
        hasUntimedUnrecognized = true
        return
      }
      latestUnrecognized = max(latestUnrecognized ?? taken, taken)
    }

    /// Whether it holds a line of ours written before `line` on the same connection.
    func holdsOursBefore(_ line: IRCInFlightLine) -> Bool {
      lowestOurs[line.connection].map { $0 < line.sequence } ?? false
    }

    /// Whether a line it holds that chat could not match may be the one written at `written`.
    func doubts(writtenAt written: Timestamp) -> Bool {
      hasUntimedUnrecognized || (latestUnrecognized.map { $0 > written } ?? false)
    }

    /// How many entries its summaries hold.
    var summarySize: Int { lowestOurs.count }
  }

  var carried: [Carried] = []
  /// Messages the session stopped waiting for (failed at its limit, or a part of them
  /// failed), newest last: their lines are not carried, so their history lines are shown.
  var forgotten: [UUID] = []
  /// How many forgotten messages are remembered: more than can have lines in flight.
  static let rememberedForgotten = 256
  /// Our most recent echoed lines with a msgid, oldest first.
  var echoes: [Taken] = []
  /// The history batches open, by reference.
  var batches: [String: Batch] = [:]
  /// The token of the `PING` sent after the rejoining `JOIN`s.
  var rejoinToken: String?
  /// Counts from 1 with each connection started.
  var connection = 0
  /// The most the server's clock can be behind chat's (with the latency of its lines), as
  /// measured on this connection's live lines: received time minus `server-time`, least.
  var serverClockLag: Int64?
  var counts = IRCClient.Reconciled()

  /// A new connection: what the last one measured or opened no longer holds.
  mutating func connectionStarted() {
    connection += 1
    batches.removeAll()
    rejoinToken = nil
    serverClockLag = nil
  }

  /// Remembers an echoed line of ours by its msgid.
  mutating func remember(_ taken: Taken) {
    if echoes.count >= Self.rememberedEchoes { echoes.removeFirst() }
    echoes.append(taken)
  }

  /// Stops carrying message `id`'s lines, now and when the link goes.
  mutating func forget(_ id: UUID) {
    carried.removeAll { $0.line.id == id }
    guard !forgotten.contains(id) else { return }
    if forgotten.count >= Self.rememberedForgotten { forgotten.removeFirst() }
    forgotten.append(id)
  }

  /// Whether a carried line goes to `channel`.
  func isCarried(to channel: String, mapping: NameRules.CaseMapping) -> Bool {
    carried.contains { mapping.equal($0.line.target, channel) }
  }

  /// The latest time on chat's clock a line with `serverTime` can have been taken at
  /// (exclusive), or nil when nothing bounds it.
  ///
  /// chat assumes the server's clock is behind its own by no more than `serverClockLag`
  /// (measured: every live line's time is when the server sent it, before chat received
  /// it; on one machine, as in the tests, it is a few milliseconds). A time on a whole
  /// second may have been cut to the second (InspIRCd's history keeps seconds), so it
  /// stands for the whole second.
  func latestTaking(serverTime: Timestamp?) -> Timestamp? {
    guard let serverTime, let lag = serverClockLag else { return nil }
    let precision: Int64 = serverTime.millisecondsSinceEpoch % 1000 == 0 ? 1000 : 1
    return serverTime.advanced(byMilliseconds: precision + max(0, lag))
  }
}
