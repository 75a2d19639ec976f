import ChatCore

/// The groups' life: a split quit or a returning join gathered, the open groups closed into
/// the events that report them. The router hands over the lines' nicks folded under the
/// server's `mapping`, and the names of our channels as the server spells them.
extension IRCNetsplits {
  /// Closes the open groups: the split first, then each channel's returning members.
  mutating func close(mapping: NameRules.CaseMapping) -> [IRCEvent] {
    var events: [IRCEvent] = []
    if let split {
      self.split = nil
      if split.quits.count == 1, let nick = split.quits.first {
        // A split-like quit alone is the ordinary quit it may well be: not remembered.
        events.append(.userQuit(nick: nick, reason: split.reason))
      } else {
        for nick in split.quits where away.count < Self.nickCap {
          away[mapping.folded(nick)] = split.reason
        }
        events.append(.netsplit(servers: split.reason, nicks: split.quits))
      }
    }
    for key in rejoinOrder {
      guard let rejoin = rejoins[key] else { continue }
      // Back: a later join of theirs is an ordinary one.
      for nick in rejoin.nicks { away[mapping.folded(nick)] = nil }
      events.append(.netjoin(servers: rejoin.servers, channel: rejoin.channel, nicks: rejoin.nicks))
    }
    rejoins = [:]
    rejoinOrder = []
    deadline = nil
    return events
  }

  /// `nick` (`member` folded) quit with the split's `reason`: they join the open split. A
  /// different split, or open rejoins, are closed first (the events).
  mutating func gatherQuit(
    _ nick: String, member: String, reason: String, mapping: NameRules.CaseMapping
  ) -> [IRCEvent] {
    var events: [IRCEvent] = []
    if split?.reason != reason || !rejoinOrder.isEmpty
      || (split?.quits.count ?? 0) >= Self.nickCap
    {
      events = close(mapping: mapping)
      split = Split(reason: reason)
    }
    away[member] = nil
    split?.quits.append(nick)
    return events
  }

  /// `nick` (`member` folded) joined our channel `name` (`key` folded): gathered into the
  /// channel's rejoin group when they are away in a split. The events are of groups closed
  /// first (an open split, a full group); `gathered` is false for an ordinary join.
  mutating func gatherJoin(
    _ nick: String, member: String, channel name: String, key: String,
    mapping: NameRules.CaseMapping
  ) -> (events: [IRCEvent], gathered: Bool) {
    var events: [IRCEvent] = []
    // Back before their split was reported (a quick relink): the split ends here.
    if split?.quits.contains(where: { mapping.folded($0) == member }) ?? false {
      events += close(mapping: mapping)
    }
    guard let servers = away[member] else { return (events, false) }
    if split != nil { events += close(mapping: mapping) }
    if rejoins[key].map({ $0.nicks.count >= Self.nickCap }) ?? false {
      events += close(mapping: mapping)
    }
    if rejoins[key] == nil {
      rejoins[key] = Rejoin(channel: name, servers: servers)
      rejoinOrder.append(key)
    }
    rejoins[key]?.nicks.append(nick)
    return (events, true)
  }
}
