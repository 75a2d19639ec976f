import ChatCore
import FoundationEssentials

/// Our messages as wholes, from the intent to send each to its delivery or failure: the
/// delivery part's books above the lines (`IRCInFlightLine`), and the only place chat keeps
/// what is pending on the wire (the core keeps the user's side: which message awaits its echo).
///
/// - A message goes out in `parts` lines (one unless split). It is **delivered** when every
///   line is confirmed: at the time of its first line's confirmation (when it entered the
///   conversation), known by its first line's msgid.
/// - It **fails** once, for the first line that fails; what its other lines then meet is no
///   longer news (`confirm` and `fail` return nil for a message not pending).
/// - It fails when a line written waits `timeoutMilliseconds` for its confirmation, counted
///   from its **last** line written: pacing may hold lines back, so the clock starts at the
///   write. Exactly at write time + limit it is overdue.
/// - The msgids of its confirmed lines are ours (`ownIDs`): a history replayed on rejoining
///   holds them again, and such a line is the message already shown. While the message waits
///   for its other lines, such a history line is **held** with it (at most one per part):
///   dropped if it is delivered (its own entry shows it), handed back to be shown as the
///   history it is if it fails, its msgids then forgotten.
///
/// Queries have no side effects; every change is a `mutating` call that says what happened.
struct IRCSentMessages: Hashable, Sendable {
  /// One message not delivered or failed yet.
  struct Entry: Hashable, Sendable {
    /// Where it goes, what it says as the caller gave it, whether it is an action: what its
    /// delivery reports.
    var target: String
    var text: String
    var isAction: Bool
    /// How many lines it goes out as.
    var parts = 1
    /// How many of them are confirmed.
    var confirmed = 0
    /// When its last line written so far went to the socket.
    var writtenAt: Timestamp?
    /// The time of its first line's confirmation (line 0's once it comes).
    var firstConfirmation: Timestamp?
    /// Its first line's msgid, once confirmed with one.
    var msgid: String?
    /// The msgids of its lines confirmed so far.
    var msgids: [String] = []
    /// History lines of its confirmed lines, held until it ends.
    var historyCopies: [IRCIncomingMessage] = []
    /// Its place in the order sent: reports about several at once keep that order.
    var order: Int
  }

  /// What becomes of a message line that arrived, as far as our messages go.
  enum Arrival: Hashable, Sendable {
    /// Shown: a line of nobody's message of ours, or of one delivered (then it carries that
    /// message's id, `IRCIncomingMessage.ownMessageID`).
    case shown(IRCIncomingMessage)
    /// Held with a message still pending: shown only if that message fails.
    case held
  }

  /// How long a written line may wait for its confirmation.
  let timeoutMilliseconds: Int64
  /// The messages pending, by the caller's id.
  private(set) var entries: [UUID: Entry] = [:]
  /// The msgids of our confirmed lines, for the history replayed later.
  private(set) var ownIDs = IRCOwnMessageIDs()
  /// Messages begun over the client's life: the next one's `order`.
  private var begun = 0

  /// Nothing pending; a written line fails after `timeoutMilliseconds` unconfirmed.
  init(timeoutMilliseconds: Int64) {
    self.timeoutMilliseconds = max(1, timeoutMilliseconds)
  }

  /// How many messages are pending.
  var count: Int { entries.count }

  /// Whether message `id` is pending.
  func isPending(_ id: UUID) -> Bool { entries[id] != nil }

  /// The caller asks to send message `id`: pending from now, in one line until `split`.
  mutating func begin(_ id: UUID, target: String, text: String, isAction: Bool) {
    begun += 1
    entries[id] = Entry(target: target, text: text, isAction: isAction, order: begun)
  }

  /// Message `id` goes out in `parts` lines.
  mutating func split(_ id: UUID, into parts: Int) {
    entries[id]?.parts = max(1, parts)
  }

  /// A line of message `id` went to the socket at `time`: its confirmation clock restarts.
  mutating func written(_ id: UUID, at time: Timestamp) {
    entries[id]?.writtenAt = time
  }

  /// One line of a message confirmed: the whole message, once every line is; nil while
  /// lines are missing, or when the message is not pending (it failed meanwhile).
  mutating func confirm(_ echo: IRCEcho) -> IRCDeliveredMessage? {
    guard var entry = entries[echo.id] else { return nil }
    if let msgid = echo.msgid {
      ownIDs.remember(msgid, id: echo.id)
      entry.msgids.append(msgid)
    }
    entry.parts = max(entry.parts, echo.parts)
    entry.confirmed += 1
    if echo.part == 0 || entry.firstConfirmation == nil {
      entry.firstConfirmation = echo.time
      // A message sent in parts is known by its first line's msgid.
      entry.msgid = echo.msgid ?? entry.msgid
    }
    guard entry.confirmed >= entry.parts else {
      entries[echo.id] = entry
      return nil
    }
    entries[echo.id] = nil
    return IRCDeliveredMessage(
      id: echo.id, target: entry.target, text: entry.text, isAction: entry.isAction,
      time: entry.firstConfirmation ?? echo.time, msgid: entry.msgid, parts: entry.parts)
  }

  /// Message `id` fails: the history lines held for it, to be shown as history; nil when it
  /// is not pending (it ended before). Its msgids are no longer ours.
  mutating func fail(_ id: UUID) -> [IRCIncomingMessage]? {
    guard let entry = entries.removeValue(forKey: id) else { return nil }
    for msgid in entry.msgids { ownIDs.forget(msgid) }
    return entry.historyCopies
  }

  /// A message line arrived: held with our pending message it repeats, or shown (with the
  /// id of our delivered message it repeats, if it does).
  mutating func arrived(_ incoming: IRCIncomingMessage) -> Arrival {
    guard let msgid = incoming.msgid, let own = ownIDs.id(for: msgid) else {
      return .shown(incoming)
    }
    if var entry = entries[own] {
      // Bounded by its parts: a server repeating the line cannot grow it.
      if entry.historyCopies.count < entry.parts {
        entry.historyCopies.append(incoming)
        entries[own] = entry
      }
      return .held
    }
    var shown = incoming
    shown.ownMessageID = own
    return .shown(shown)
  }

  /// When the first pending message written is overdue, if any is written.
  var deadline: Timestamp? {
    var earliest: Timestamp?
    for entry in entries.values {
      guard let written = entry.writtenAt else { continue }
      let due = written.advanced(byMilliseconds: timeoutMilliseconds)
      earliest = min(earliest ?? due, due)
    }
    return earliest
  }

  /// The messages overdue at `now` (their last line written `timeoutMilliseconds` ago or
  /// more), in the order they were sent.
  func overdue(at now: Timestamp) -> [UUID] {
    entries.filter { _, entry in
      entry.writtenAt.map { $0.milliseconds(to: now) >= timeoutMilliseconds } ?? false
    }
    .sorted { $0.value.order < $1.value.order }
    .map(\.key)
  }

  /// Why an overdue message fails.
  var overdueReason: String {
    "the server did not confirm it within \(timeoutMilliseconds / 1000) s: it may or may not"
      + " have arrived"
  }
}
