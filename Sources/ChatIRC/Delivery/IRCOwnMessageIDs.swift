import FoundationEssentials

/// The local ids of our recent confirmed messages, by the msgid the server gave each of their
/// lines: a history replayed on rejoining (or after a part and rejoin) holds our own lines,
/// and one of them given the local id is known to the core for the message already shown.
///
/// Bounded (the oldest go first): a hostile server's endless msgids cannot grow it.
struct IRCOwnMessageIDs: Hashable, Sendable {
  /// How many msgids are remembered: far more than a history replay holds of ours.
  static let capacity = 4096

  private var ids: [String: UUID] = [:]
  /// The msgids in the order remembered, as a ring once full.
  private var order: [String] = []
  private var oldest = 0

  /// How many msgids are remembered now (never more than `capacity`).
  var count: Int { ids.count }

  /// Remembers that our message `id` has a line with `msgid`.
  mutating func remember(_ msgid: String, id: UUID) {
    guard ids.updateValue(id, forKey: msgid) == nil else { return }
    // A forgotten msgid may still hold its place in the ring: it is overwritten in turn.
    if order.count < Self.capacity {
      order.append(msgid)
      return
    }
    ids[order[oldest]] = nil
    order[oldest] = msgid
    oldest = (oldest + 1) % Self.capacity
  }

  /// Forgets `msgid` (its message failed: its lines are shown as the history they are).
  mutating func forget(_ msgid: String) {
    ids[msgid] = nil
  }

  /// The local id of our message with a line `msgid`, if it is remembered.
  func id(for msgid: String) -> UUID? { ids[msgid] }
}
