import ChatCore

/// History older than every message a conversation already shows (`/history`, or PgUp at the
/// top asking the server for more): the pane shows it above them, where it belongs in time,
/// not below, where it arrived. The core keeps each conversation's messages in the order they
/// came, which is the order line mode prints them; the full screen reads a conversation from
/// the top.
///
/// A history message is placed when it is older than the oldest one shown in place, which is
/// found once per conversation (the first history there) and then kept as history in place
/// arrives: the latest messages fetched on joining and a catch-up after a reconnect stay in
/// place, in the order they came. Bounded: at most `limit` messages per conversation (the
/// oldest go first), and entries whose message the core no longer keeps are dropped as the
/// next is placed (until then the painter skips them). When the core's scrollback is full,
/// each message placed makes it forget its oldest arrival, which may be a row in place just
/// below the placed ones: the view then jumps that gap without a marker.
struct EarlierHistory {
  /// One message placed above: when it was sent, and its number in the core's scrollback.
  struct Entry: Equatable {
    var time: Timestamp
    var number: Int
  }

  /// What one conversation holds above its messages.
  struct Shelf: Equatable {
    /// The oldest time among the messages shown in place (nil: none yet).
    var oldestInPlace: Timestamp?
    /// The messages placed above, oldest first (of two alike, the one that came first).
    private(set) var entries: [Entry] = []
    /// Their numbers, for the walk through the messages in place to skip.
    private(set) var numbers: Set<Int> = []
    /// Whether older history was asked for (PgUp at the top): then a message as old as the
    /// oldest in place also goes above (lines said in one millisecond share a time), until
    /// history comes that is newer.
    var expectsOlder = false

    /// Places the history message numbered `number`, sent at `time`: above, in time order,
    /// when it is older than everything in place (returns true); else in place. Entries whose
    /// message the core no longer keeps (numbered below `firstKept`) are dropped first.
    mutating func place(time: Timestamp, number: Int, firstKept: Int = 0) -> Bool {
      guard let oldest = oldestInPlace, time < oldest || expectsOlder && time == oldest else {
        oldestInPlace = min(oldestInPlace ?? time, time)
        expectsOlder = false
        return false
      }
      if entries.contains(where: { $0.number < firstKept }) {
        entries.removeAll { $0.number < firstKept }
        numbers = numbers.filter { $0 >= firstKept }
      }
      // The first entry later than `time`: a batch's lines, oldest first, keep their order.
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) / 2
        if entries[middle].time > time { high = middle } else { low = middle + 1 }
      }
      entries.insert(Entry(time: time, number: number), at: low)
      numbers.insert(number)
      if entries.count > EarlierHistory.limit {
        numbers.remove(entries.removeFirst().number)
      }
      return true
    }
  }

  /// The most messages placed above per conversation.
  static let limit = 10_000

  private var shelves: [String: Shelf] = [:]

  /// What the conversation whose key is `key` holds above its messages, if anything.
  func shelf(key: String) -> Shelf? { shelves[key] }

  /// Places the history message numbered `number`, sent at `time`, of the conversation whose
  /// key is `key` (see `Shelf.place`); `oldestInPlace` is asked once per conversation, for the
  /// oldest time among the messages it showed before this one.
  @discardableResult
  mutating func place(
    time: Timestamp, number: Int, firstKept: Int, key: String, oldestInPlace: () -> Timestamp?
  ) -> Bool {
    if shelves[key] == nil { shelves[key] = Shelf(oldestInPlace: oldestInPlace()) }
    return shelves[key, default: Shelf()].place(time: time, number: number, firstKept: firstKept)
  }

  /// Older history of the conversation whose key is `key` was asked for (see
  /// `Shelf.expectsOlder`); `oldestInPlace` as for `place`.
  mutating func expectOlder(key: String, oldestInPlace: () -> Timestamp?) {
    if shelves[key] == nil { shelves[key] = Shelf(oldestInPlace: oldestInPlace()) }
    shelves[key, default: Shelf()].expectsOlder = true
  }

  /// Forgets the conversation whose key is `key` (it was opened anew).
  mutating func forget(key: String) {
    shelves[key] = nil
  }
}
