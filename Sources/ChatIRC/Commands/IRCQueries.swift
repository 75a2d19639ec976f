import ChatCore

/// The user's questions to the server awaiting their answers, and what the answers gathered
/// so far say: `WHOIS` replies until `318`, `WHO` until `315`, `LIST` until `323`; the away
/// message asked for, told when `306` confirms it; and the windows after a line the user
/// wrote by hand (`/quote`, `/mode`), in which replies nothing else shows are shown.
///
/// It knows no wire format: the router parses the lines and hands it names folded under the
/// server's case mapping. Every collection is bounded, so a server that never ends a reply,
/// or answers what was not asked, cannot grow it: at most `pendingLimit` questions of a kind
/// wait at once, and each reply keeps at most its type's limit of entries.
struct IRCQueries: Hashable, Sendable {
  /// The most questions of one kind awaiting their answers at once.
  static let pendingLimit = 8
  /// The most replies shown in one window after a hand-written line.
  static let windowReplyLimit = 500

  /// A `WHOIS` reply being gathered, and the folded nick it is about.
  struct PendingWhois: Hashable, Sendable {
    var key: String
    var reply: WhoisReply
  }

  /// `WHOIS` replies being gathered, oldest first.
  private(set) var whois: [PendingWhois] = []
  /// `WHO` replies being gathered, oldest first: `352` lines go to the oldest.
  private(set) var who: [WhoReply] = []
  /// `LIST` replies being gathered, oldest first.
  private(set) var lists: [ChannelList] = []
  /// The away message last asked for, until the server confirms it.
  var awayMessage: String?
  /// The tokens of the `PING`s sent after hand-written lines, whose `PONG` closes their
  /// window: while any is out, replies nothing else shows are shown.
  private(set) var windowTokens: [String] = []
  /// How many replies the open windows have shown.
  private(set) var windowReplies = 0

  // MARK: WHOIS

  /// A `WHOIS` for `nick` (folded: `key`) goes out; false when too many wait already.
  mutating func askWhois(_ nick: String, key: String) -> Bool {
    guard whois.count < Self.pendingLimit else { return false }
    whois.append(PendingWhois(key: key, reply: WhoisReply(nick: nick)))
    return true
  }

  /// Whether a `WHOIS` for the folded nick `key` awaits its end.
  func isAskingWhois(_ key: String) -> Bool { whois.contains { $0.key == key } }

  /// Changes the reply being gathered for `key`; false when none is.
  mutating func updateWhois(_ key: String, _ change: (inout WhoisReply) -> Void) -> Bool {
    guard let index = whois.firstIndex(where: { $0.key == key }) else { return false }
    change(&whois[index].reply)
    return true
  }

  /// `318` for `key`: the reply, complete, no longer kept.
  mutating func endWhois(_ key: String) -> WhoisReply? {
    guard let index = whois.firstIndex(where: { $0.key == key }) else { return nil }
    return whois.remove(at: index).reply
  }

  // MARK: WHO

  /// A `WHO` for `mask` goes out; false when too many wait already.
  mutating func askWho(_ mask: String) -> Bool {
    guard who.count < Self.pendingLimit else { return false }
    who.append(WhoReply(mask: mask))
    return true
  }

  /// A `352` line: one more person for the oldest `WHO`; false when none waits.
  mutating func addWhoEntry(_ entry: WhoReply.Entry) -> Bool {
    guard !who.isEmpty else { return false }
    if who[0].entries.count < WhoReply.entryLimit {
      who[0].entries.append(entry)
    } else {
      who[0].omitted += 1
    }
    return true
  }

  /// `315`: the oldest `WHO`'s reply, complete.
  mutating func endWho() -> WhoReply? {
    who.isEmpty ? nil : who.removeFirst()
  }

  // MARK: LIST

  /// A `LIST` for `mask` goes out; false when too many wait already.
  mutating func askList(_ mask: String?) -> Bool {
    guard lists.count < Self.pendingLimit else { return false }
    lists.append(ChannelList(mask: mask))
    return true
  }

  /// A `322` line: one more channel for the oldest `LIST`; false when none waits.
  mutating func addListedChannel(_ channel: ChannelList.Channel) -> Bool {
    guard !lists.isEmpty else { return false }
    if lists[0].channels.count < ChannelList.channelLimit {
      lists[0].channels.append(channel)
    } else {
      lists[0].omitted += 1
    }
    return true
  }

  /// `323`: the oldest `LIST`'s reply, complete.
  mutating func endList() -> ChannelList? {
    lists.isEmpty ? nil : lists.removeFirst()
  }

  // MARK: Windows after hand-written lines

  /// A hand-written line went out, followed by a `PING` with `token`.
  mutating func openWindow(token: String) {
    if windowTokens.isEmpty { windowReplies = 0 }
    windowTokens.append(token)
  }

  /// Whether a reply nothing else shows is shown now: a window is open and has room.
  /// Counts it.
  mutating func showsInWindow() -> Bool {
    guard !windowTokens.isEmpty, windowReplies < Self.windowReplyLimit else { return false }
    windowReplies += 1
    return true
  }

  /// The `PONG` for `token`: true when it closes a window (it is no other `PING`'s).
  mutating func closeWindow(token: String) -> Bool {
    guard let index = windowTokens.firstIndex(of: token) else { return false }
    windowTokens.remove(at: index)
    return true
  }
}
