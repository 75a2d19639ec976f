import ChatCore

/// Netsplits and their relinks reported as groups (see `IRCNetsplits`).
///
/// A split of two or more people is reported as one `netsplit` event, and those people are
/// remembered as away; their `JOIN`s after the relink are reported as one `netjoin` per
/// channel. A split-like quit that comes alone is reported as the ordinary quit it may well
/// be (anyone can quit with the reason `irc1.test irc2.test`), and is not remembered.
extension IRCClient {
  /// Handles `message`, gathering split quits and returning joins into groups and closing
  /// the open groups before anything else is reported.
  mutating func handleGrouping(
    _ message: IRCMessage, _ command: IRCCommand, into output: inout IRCOutput
  ) {
    if command == .quit && gatherSplitQuit(message, into: &output)
      || command == .join && gatherReturningJoin(message, into: &output)
    {
      netsplits.deadline = now.advanced(byMilliseconds: IRCNetsplits.windowMilliseconds)
      return
    }
    guard netsplits.isOpen else { return handle(message, command, into: &output) }
    var own = IRCOutput()
    handle(message, command, into: &own)
    if command == .mode, message.source.map({ IRCSource($0).isServer }) == true {
      let room = IRCNetsplits.heldModesCap - netsplits.heldModes.count
      netsplits.heldModes += own.events.prefix(max(0, room))
      return
    }
    if !own.events.isEmpty { closeNetsplitGroups(into: &output) }
    output.append(own)
  }

  /// Closes the open groups once their window has passed, as of the window's end: the
  /// instant does not depend on when the clock was next read (a timer woken late, a line).
  mutating func closeExpiredNetsplitGroups(into output: inout IRCOutput) {
    guard let deadline = netsplits.deadline, now >= deadline else { return }
    var closed = IRCOutput()
    closeNetsplitGroups(into: &closed)
    for index in closed.events.indices { closed.eventTimes[index] = deadline }
    output.append(closed)
  }

  /// Reports the open groups: the split first, then each channel's returning members.
  mutating func closeNetsplitGroups(into output: inout IRCOutput) {
    output.events += netsplits.close(mapping: support.caseMapping)
    output.events += netsplits.heldModes
    netsplits.heldModes = []
  }

  /// A `QUIT` with a split's reason: the person joins the open split (a different split, or
  /// open rejoins, are reported first).
  private mutating func gatherSplitQuit(_ message: IRCMessage, into output: inout IRCOutput)
    -> Bool
  {
    guard let reason = message.parameters.first, IRCNetsplits.isSplitReason(reason),
      let source = message.source.map(IRCSource.init), !source.nick.isEmpty, !isUs(source.nick)
    else { return false }
    output.events += netsplits.gatherQuit(
      source.nick, member: folded(source.nick), reason: reason, mapping: support.caseMapping)
    return true
  }

  /// A `JOIN` by someone away in a split, to a channel of ours: they are back there, in the
  /// channel's open rejoin group (an open split is reported first).
  private mutating func gatherReturningJoin(_ message: IRCMessage, into output: inout IRCOutput)
    -> Bool
  {
    guard !netsplits.away.isEmpty || netsplits.split != nil,
      let source = message.source.map(IRCSource.init), let channel = message.parameters.first,
      !isUs(source.nick), let name = channels.name(folded(channel))
    else { return false }
    let (member, key) = (folded(source.nick), folded(channel))
    let (events, gathered) = netsplits.gatherJoin(
      source.nick, member: member, channel: name, key: key, mapping: support.caseMapping)
    output.events += events
    return gathered
  }
}
