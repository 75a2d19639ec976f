import ChatCore
import FoundationEssentials

/// Reconciling lines a lost link left unconfirmed with the channel's history on rejoining.
///
/// A line to a channel written whole before the link went, on a connection with `batch`, is
/// not failed at once: it may or may not have arrived, and the history the server replays
/// when chat joins again can tell. After the reconnect, the `JOIN`s are followed by a `PING`;
/// in the channel's `chathistory` batch, a line from us (our nick when we wrote it or one the
/// server renamed us to before the link went, under the server's case mapping) to that channel with the same text is that line: it is confirmed
/// (`IRCEcho.Confirmation.history`, with the history line's msgid and time) and the history
/// line is not reported again. Lines match in the order written, identical texts one each.
///
/// When the batch ends, the lines left for that channel fail. They **did not arrive** when the
/// history reaches back before the line was written: one of its lines was surely taken by the
/// server before then (its time, see `latestTaking`), or it holds a line of ours written
/// earlier on the same connection (the server takes one client's lines in order, so ours
/// would follow it). A history holds every line after its first one, whatever its length or
/// age limit, so such a history would hold the line had the server taken it. That needs the
/// old connection gone: back under another nick than the one held at the loss, the server may
/// still hold the old connection and take the line from it after sending the history, so the
/// line may or may not have arrived. Otherwise (an
/// empty history, or one that starts after the line) chat cannot tell how much the server
/// keeps, and the line may or may not have arrived; so too when the history holds a line from
/// us that chat could not match (the server may have changed its text). Lines whose channel
/// sent no history fail when the `PONG` comes back (every `JOIN`'s replies are in by then).
extension IRCClient {
  /// Keeps the in-flight lines the history may tell of (see above) and returns the rest.
  mutating func carryUnconfirmed(reason: String) -> [IRCInFlightLine] {
    guard phase == .registered, registration.capabilities.contains("batch") else {
      return delivery.inFlight
    }
    // A server that keeps history keeps private chats' too (`draft/chathistory`).
    let keepsPrivate = offersHistory
    var rest: [IRCInFlightLine] = []
    for line in delivery.inFlight {
      if line.writtenAt != nil, keepsPrivate || support.isChannel(line.target),
        !delivery.reconciliation.forgotten.contains(line.id)
      {
        delivery.reconciliation.carried.append(.init(line: line, reason: reason, nickAtLoss: nick))
      } else {
        rest.append(line)
      }
    }
    delivery.reconciliation.carried.sort { $0.line.sequence < $1.line.sequence }
    return rest
  }

  /// Measures how far the server's clock can be behind ours on a live line's time.
  mutating func noteServerClock(_ message: IRCMessage) {
    guard let text = message.tags["time"], !batches.isHistory(message.tags["batch"]),
      let serverTime = IRCServerTime.parse(text)
    else { return }
    let lag = serverTime.milliseconds(to: now)
    delivery.reconciliation.serverClockLag = min(delivery.reconciliation.serverClockLag ?? lag, lag)
  }

  /// After the rejoining `JOIN`s: the `PING` whose `PONG` ends the wait for histories.
  mutating func queueRejoinPing() {
    guard !delivery.reconciliation.carried.isEmpty else { return }
    let token = "chat-rejoin-\(delivery.reconciliation.connection)"
    delivery.reconciliation.rejoinToken = token
    delivery.outbox.queue(.rejoinPing(token: token))
  }

  /// `BATCH +ref chathistory #chan`: a history of a channel with carried lines (or the next
  /// page of one, which goes on from what the pages before it told).
  mutating func historyBatchOpened(_ reference: String, type: String, parameters: [String]) {
    guard type == "chathistory" || type == "draft/chathistory", parameters.count > 2,
      delivery.reconciliation.isCarried(to: parameters[2], mapping: support.caseMapping)
    else { return }
    delivery.reconciliation.batches[reference] =
      delivery.reconciliation.continued.removeValue(forKey: folded(parameters[2]))
      ?? .init(channel: parameters[2])
  }

  /// `BATCH -ref`: the lines left for its channel fail, unless the fetch it answered asks
  /// another page (`outcome`), whose batch goes on from this one. `reachesEverything`: the
  /// fetch surely holds every line after a point before the carried ones (see
  /// `IRCHistoryFetches.Reach`), so a line not in it did not arrive.
  mutating func historyBatchClosed(
    _ reference: String, reachesEverything: Bool, outcome: IRCHistoryFetches.Outcome?,
    into output: inout IRCOutput
  ) {
    guard let batch = delivery.reconciliation.batches.removeValue(forKey: reference) else { return }
    let mapping = support.caseMapping
    var stoppedShort = false
    switch outcome {
    case .nextPage:
      delivery.reconciliation.continued[folded(batch.channel)] = batch
      return
    case .stopped: stoppedShort = true
    case nil, .done: break
    }
    let (lines, rest) = delivery.reconciliation.carried.partitioned {
      mapping.equal($0.line.target, batch.channel)
    }
    delivery.reconciliation.carried = rest
    for carried in lines {
      let line = carried.line
      let written = line.writtenAt ?? now
      let reachesBack =
        !stoppedShort
        && (reachesEverything || (batch.earliestBefore.map { $0 <= written } ?? false)
          || batch.holdsOursBefore(line))
      let doubt = batch.doubts(writtenAt: written)
      // Back under another nick: the server may still hold the old connection, and take the
      // line from it after this history was sent.
      let sameSession = mapping.equal(carried.nickAtLoss, nick)
      let lost = IRCDeliveryFailure.lostLink(carried.reason)
      if reachesBack && !doubt && sameSession {
        delivery.reconciliation.counts.absent += 1
        lineFailed(
          line,
          reason: lost + ", and the server's history of \(batch.channel) after reconnecting"
            + " does not have it: it did not arrive", into: &output)
      } else {
        delivery.reconciliation.counts.undecided += 1
        let why =
          doubt
          ? "holds a line from us that chat cannot match"
          : stoppedShort
            ? "is longer than chat reads (\(IRCHistoryFetches.catchUpLimit) lines)"
            : !reachesBack
              ? "does not reach back to it"
              : "does not have it, but chat is back as \(nick), not \(carried.nickAtLoss), so the"
                + " old connection may still be open on the server"
        lineFailed(
          line,
          reason: lost + ", and the server's history of \(batch.channel) after reconnecting \(why):"
            + " it may or may not have arrived", into: &output)
      }
    }
  }

  /// A line of a history batch: our carried line, confirmed (true: not to be reported), or
  /// what the batch tells of its reach.
  mutating func reconcileHistoryLine(
    _ message: IRCMessage, source: IRCSource, text: String, isAction: Bool,
    serverTime: Timestamp?, into output: inout IRCOutput
  ) -> Bool {
    // The batch's summaries are changed in place, where they are: no copy per line.
    guard let reference = message.tags["batch"],
      let channel = delivery.reconciliation.batches[reference]?.channel
    else { return false }
    let taken = delivery.reconciliation.latestTaking(serverTime: serverTime)
    if let taken { delivery.reconciliation.batches[reference]?.noteTaken(before: taken) }
    let msgid = message.tags["msgid"]
    if let msgid, let echoed = delivery.reconciliation.echoes.last(where: { $0.msgid == msgid }) {
      delivery.reconciliation.batches[reference]?.noteOurs(echoed)
      return false
    }
    let mapping = support.caseMapping
    guard
      let index = delivery.reconciliation.carried.firstIndex(where: { carried in
        let line = carried.line
        // Taken surely before the line was written: an older line of ours, not this one.
        let couldBe = taken.map { $0 > (line.writtenAt ?? now) } ?? true
        return couldBe && line.isAction == isAction && line.text == text
          && line.isFrom(source.nick, mapping: mapping) && mapping.equal(line.target, channel)
      })
    else {
      if delivery.reconciliation.carried.contains(where: {
        $0.line.isFrom(source.nick, mapping: mapping)
      }) {
        delivery.reconciliation.batches[reference]?.noteUnrecognized(takenBy: taken)
      }
      return false
    }
    let line = delivery.reconciliation.carried.remove(at: index).line
    let found = IRCHistoryReconciliation.Taken(
      msgid: msgid, sequence: line.sequence, connection: line.connection)
    delivery.reconciliation.batches[reference]?.noteOurs(found)
    delivery.reconciliation.remember(found)
    delivery.reconciliation.counts.found += 1
    lineConfirmed(
      IRCEcho(
        id: line.id, part: line.part, parts: line.parts, target: line.target, text: line.text,
        msgid: msgid, serverTime: serverTime, receivedAt: now, confirmation: .history),
      into: &output)
    return true
  }

  /// The `PONG` after the rejoining `JOIN`s: lines whose channel sent no history fail. On a
  /// server that keeps history (`draft/chathistory`), a target whose history is not already
  /// being fetched (the core's catch-up) is asked for what came after a time before its
  /// first carried line, so that the answer tells exactly (`historyBatchClosed`).
  mutating func rejoinPongReceived(into output: inout IRCOutput) {
    delivery.reconciliation.rejoinToken = nil
    var carried = delivery.reconciliation.carried
    delivery.reconciliation.carried.removeAll()
    if offersHistory {
      var waiting: [IRCHistoryReconciliation.Carried] = []
      var unasked: [IRCHistoryReconciliation.Carried] = []
      var asked: Set<String> = []
      for entry in carried {
        let key = folded(entry.line.target)
        if asked.contains(key) || isFetchingHistory(of: key) {
          waiting.append(entry)
          continue
        }
        let first =
          carried.filter { folded($0.line.target) == key }.compactMap(\.line.writtenAt).min()
          ?? now
        if fetchHistory(
          of: entry.line.target, .after(.time(reconciliationAnchor(before: first))),
          chosenBeforeCarried: true)
        {
          asked.insert(key)
          waiting.append(entry)
        } else {
          unasked.append(entry)
        }
      }
      delivery.reconciliation.carried = waiting
      carried = unasked
    }
    for entry in carried {
      delivery.reconciliation.counts.undecided += 1
      lineFailed(
        entry.line,
        reason: IRCDeliveryFailure.lostLink(entry.reason)
          + ", and the server sent no history of \(entry.line.target) on rejoining: it may or"
          + " may not have arrived", into: &output)
    }
  }

  /// Whether the history of the target folded to `key` is being fetched or read.
  private func isFetchingHistory(of key: String) -> Bool {
    history.fetches[key] != nil || delivery.reconciliation.continued[key] != nil
      || delivery.reconciliation.batches.values.contains { folded($0.channel) == key }
  }

  /// A time on the server's clock surely before chat wrote at `written`: the server's clock
  /// may be behind chat's by up to the lag measured on the new connection's live lines, and
  /// a second more covers a history that keeps whole seconds.
  func reconciliationAnchor(before written: Timestamp) -> Timestamp {
    written.advanced(byMilliseconds: -(1000 + max(0, delivery.reconciliation.serverClockLag ?? 0)))
  }

  /// Fails every carried line, as the link lost them: no reconnect will bring a history.
  public mutating func abandonUnconfirmed() -> IRCOutput {
    var output = IRCOutput()
    let carried = delivery.reconciliation.carried
    delivery.reconciliation.carried.removeAll()
    for entry in carried {
      lineFailed(
        entry.line,
        reason: IRCDeliveryFailure.lostLinkUndecided(entry.reason), into: &output)
    }
    return output
  }

}

extension Array {
  /// The elements that satisfy `belongs`, and the rest, each in order.
  fileprivate func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
    var (yes, no): ([Element], [Element]) = ([], [])
    for element in self {
      if belongs(element) { yes.append(element) } else { no.append(element) }
    }
    return (yes, no)
  }
}
