import ChatCore

/// The nicks the user watches (IRCv3 `MONITOR`), and what the server last said of each:
/// online, offline, or nothing yet. It outlives a connection (the server forgets its list when
/// the link goes, so the whole list is sent again on the next), and it is bounded: at most the
/// server's `MONITOR` limit, and never more than `ownLimit`, so a server that names no limit
/// cannot make it grow without end.
///
/// It knows no wire format: the router parses the lines and hands it nicks; it folds them
/// under the case mapping it is given.
struct IRCMonitor: Hashable, Sendable {
  /// The most nicks watched, whatever the server allows.
  static let ownLimit = 1000

  /// A watched nick as the user spelled it, and whether the server said it is online.
  struct Entry: Hashable, Sendable {
    var nick: String
    var isOnline: Bool?
  }

  /// Whether this connection's server offers `MONITOR`: not known until its `ISUPPORT`
  /// names it or registration ends without it (the end of the message of the day).
  enum Availability: Hashable, Sendable {
    case unknown
    case offered
    case lacking
  }

  /// The watched nicks by folded nick.
  private(set) var entries: [String: Entry] = [:]
  /// The folded nicks in the order they were added.
  private(set) var order: [String] = []
  /// Whether the server was sent the list on this connection: changes go out as they come.
  var isSynced = false
  /// Whether this connection's server offers `MONITOR`.
  var availability = Availability.unknown

  /// A list watching `nicks` (the configured ones), folded by `mapping`.
  init(nicks: [String] = [], mapping: NameRules.CaseMapping = .rfc1459) {
    _ = add(nicks, mapping: mapping, limit: nil)
  }

  /// How many nicks are watched.
  var count: Int { order.count }

  /// The watched nicks, in the order added.
  var nicks: [String] { order.compactMap { entries[$0]?.nick } }

  /// Watches `nicks` not watched yet, as many as `limit` (the server's, when known) and
  /// `ownLimit` allow: those added, and those refused for want of room.
  mutating func add(_ nicks: [String], mapping: NameRules.CaseMapping, limit: Int?) -> (
    added: [String], refused: [String]
  ) {
    let room = min(limit ?? Self.ownLimit, Self.ownLimit)
    var added: [String] = []
    var refused: [String] = []
    for nick in nicks {
      let key = mapping.folded(nick)
      guard entries[key] == nil else { continue }
      guard order.count < room else {
        refused.append(nick)
        continue
      }
      entries[key] = Entry(nick: nick)
      order.append(key)
      added.append(nick)
    }
    return (added, refused)
  }

  /// Stops watching `nicks`: those that were watched.
  mutating func remove(_ nicks: [String], mapping: NameRules.CaseMapping) -> [String] {
    var removed: [String] = []
    for nick in nicks {
      let key = mapping.folded(nick)
      guard let entry = entries.removeValue(forKey: key) else { continue }
      order.removeAll { $0 == key }
      removed.append(entry.nick)
    }
    return removed
  }

  /// Keeps the first `limit` nicks (a server's limit learned after they were added): the
  /// others, no longer watched.
  mutating func trim(to limit: Int) -> [String] {
    guard order.count > limit else { return [] }
    let dropped = order[limit...]
    order.removeLast(order.count - limit)
    return dropped.compactMap { entries.removeValue(forKey: $0)?.nick }
  }

  /// The server said `nicks` are online (or offline): those of them watched whose state that
  /// changes (as the server spelled them). Nicks not watched are ignored, as are repeats of
  /// what is known, so a server repeating itself shows nothing new.
  mutating func seen(_ nicks: [String], online: Bool, mapping: NameRules.CaseMapping)
    -> [String]
  {
    var changed: [String] = []
    for nick in nicks {
      let key = mapping.folded(nick)
      guard let entry = entries[key], entry.isOnline != online else { continue }
      entries[key]?.isOnline = online
      changed.append(nick)
    }
    return changed
  }

  /// The watched nicks, online first, each group in the order added; the offline ones
  /// include those the server has not spoken of yet.
  var listed: (online: [String], offline: [String]) {
    var online: [String] = []
    var offline: [String] = []
    for key in order {
      guard let entry = entries[key] else { continue }
      if entry.isOnline == true { online.append(entry.nick) } else { offline.append(entry.nick) }
    }
    return (online, offline)
  }

  /// The connection ended (or a new one starts): nothing sent, nothing known of anyone, the
  /// server's offer unknown.
  mutating func connectionLost() {
    isSynced = false
    availability = .unknown
    for key in order { entries[key]?.isOnline = nil }
  }

  /// The server's case mapping changed: the nicks are folded by `mapping` from now on (two
  /// that fold together become one).
  mutating func refold(_ mapping: NameRules.CaseMapping) {
    let old = (entries, order)
    (entries, order) = ([:], [])
    for key in old.1 {
      guard let entry = old.0[key] else { continue }
      let folded = mapping.folded(entry.nick)
      guard entries[folded] == nil else { continue }
      entries[folded] = entry
      order.append(folded)
    }
  }
}
