import ChatCore

/// IRCv3 `MONITOR`: the router's side of the watch list (`IRCMonitor`). The list is sent once
/// registration is over and the server's `ISUPPORT` names `MONITOR` (the configured nicks,
/// and any the user added before), again after every reconnect, and each change after that
/// as it is made; `730` and `731` say who is online, `734` that the server's list is full.
extension IRCClient {
  /// `/monitor`: change the list (sent at once where the server has it), or show it.
  mutating func performMonitor(_ request: MonitorRequest, into output: inout IRCOutput) {
    let mapping = support.caseMapping
    switch request {
    case .add(let nicks):
      guard monitor.availability != .lacking else {
        return output.events.append(.intentRefused(reason: Self.monitorLacking))
      }
      let valid = nicks.filter(Self.isValidWord)
      let (added, refused) = monitor.add(valid, mapping: mapping, limit: support.monitorLimit)
      if !refused.isEmpty {
        let limit = min(support.monitorLimit ?? IRCMonitor.ownLimit, IRCMonitor.ownLimit)
        output.events.append(.monitorFull(limit: limit, nicks: refused))
      }
      if monitor.isSynced {
        queueMonitor("+", added)
      } else {
        syncMonitor(into: &output)
      }
    case .remove(let nicks):
      let removed = monitor.remove(nicks, mapping: mapping)
      if monitor.isSynced { queueMonitor("-", removed) }
    case .list:
      let (online, offline) = monitor.listed
      output.events.append(.monitorListed(online: online, offline: offline))
    }
  }

  /// Sends the whole list once a connection, as soon as registration is over and the server
  /// says it has `MONITOR` (after `001`, from its `ISUPPORT`); a list longer than the server's
  /// limit is cut to it first, and the rest said.
  mutating func syncMonitor(into output: inout IRCOutput) {
    guard phase == .registered, !monitor.isSynced, support.offersMonitor else { return }
    monitor.availability = .offered
    monitor.isSynced = true
    if let limit = support.monitorLimit {
      let dropped = monitor.trim(to: limit)
      if !dropped.isEmpty { output.events.append(.monitorFull(limit: limit, nicks: dropped)) }
    }
    queueMonitor("+", monitor.nicks)
  }

  /// The end of the message of the day (`376`, or `422` for none): registration's burst is
  /// over, so a server that has not named `MONITOR` by now lacks it; a list waiting for it
  /// is said to go unwatched, once.
  mutating func monitorAfterRegistration(into output: inout IRCOutput) {
    guard phase == .registered, monitor.availability == .unknown else { return }
    guard !support.offersMonitor else { return syncMonitor(into: &output) }
    monitor.availability = .lacking
    if monitor.count > 0 { output.events.append(.intentRefused(reason: Self.monitorLacking)) }
  }

  /// `730 me :bob!b@host,carol` (online) and `731 me :dave` (offline): the watched nicks
  /// whose state this changes, one event for them all; the rest is ignored.
  mutating func receiveMonitorStatus(
    _ message: IRCMessage, online: Bool, into output: inout IRCOutput
  ) {
    guard message.parameters.count >= 2, let targets = message.parameters.last else {
      return countMalformed()
    }
    let nicks = targets.split(separator: ",").map { IRCSource(String($0)).nick }
      .filter { !$0.isEmpty }
    let changed = monitor.seen(nicks, online: online, mapping: support.caseMapping)
    guard !changed.isEmpty else { return }
    output.events.append(.monitorStatus(online: online, nicks: changed))
  }

  /// `734 me 100 dave,eve :Monitor list is full.`: those nicks are not watched.
  mutating func receiveMonitorFull(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 3 else { return countMalformed() }
    let nicks = parameters[2].split(separator: ",").map(String.init)
    let removed = monitor.remove(nicks, mapping: support.caseMapping)
    guard !removed.isEmpty else { return }
    let limit = Int(parameters[1]) ?? support.monitorLimit ?? monitor.count
    output.events.append(.monitorFull(limit: limit, nicks: removed))
  }

  /// `MONITOR + a,b,c` (or `-`), as few lines as fit the server's line length.
  private mutating func queueMonitor(_ sign: String, _ nicks: [String]) {
    let budget = support.lineLength - 2 - "MONITOR \(sign) ".utf8.count
    var group: [String] = []
    var length = 0
    for nick in nicks {
      let added = nick.utf8.count + (group.isEmpty ? 0 : 1)
      if !group.isEmpty, length + added > budget {
        queueMonitorLine(sign, group)
        (group, length) = ([], 0)
      }
      length += nick.utf8.count + (group.isEmpty ? 0 : 1)
      group.append(nick)
    }
    if !group.isEmpty { queueMonitorLine(sign, group) }
  }

  private mutating func queueMonitorLine(_ sign: String, _ nicks: [String]) {
    delivery.outbox.queue(
      .command(
        IRCMessage(command: "MONITOR", parameters: [sign, nicks.joined(separator: ",")])))
  }

  /// Why a watch list goes unwatched on a server without `MONITOR`.
  static let monitorLacking =
    "the server does not offer MONITOR: nobody is watched (/monitor needs it)"
}
