import ChatCore
import FoundationEssentials

/// Reconciling lines a lost link left unconfirmed with the history of their target.
///
/// A line written whole before the link went, on a connection with `batch`, to a channel (or,
/// where the server keeps history, `draft/chathistory`, to anyone) is not failed at once: it
/// may or may not have arrived, and the target's history can tell. After the reconnect, the
/// `JOIN`s are followed by a `PING`. Where the server keeps no history, the history is what it
/// replays on joining (InspIRCd's `chanhistory`, a `chathistory` batch after the `JOIN`), and
/// lines whose channel sent none fail when the `PONG` comes back (every `JOIN`'s replies are
/// in by then). Where it keeps history, chat asks each target for its latest lines when the
/// `PONG` comes (`probeHistory`, after the core's own fetch of it if one is out, one question
/// per target at a time), and that answer judges; it is read, never shown.
///
/// In a history batch, a line from us (our nick when we wrote it or one the server renamed us
/// to before the link went, under the server's case mapping) to that target with the same
/// text is that line: it is confirmed (`IRCEcho.Confirmation.history`, with the history
/// line's msgid and time) and the history line is not reported again. Lines match in the
/// order written, identical texts one each.
///
/// When the judging batch ends, the lines left for that target fail. They **did not arrive**
/// when the history reaches back before the line was written: one of its lines was surely
/// taken by the server before then (its time, see `latestTaking`), or it holds a line of ours
/// written earlier on the same connection (the server takes one client's lines in order, so
/// ours would follow it). A history holds every line after its first one, whatever its
/// length or age limit, so such a history would hold the line had the server taken it. That
/// needs the old connection gone: back under another nick than the one held at the loss, the
/// server may still hold the old connection and take the line from it after sending the
/// history, so the line may or may not have arrived. Otherwise (an empty history, or one that
/// starts after the line: chat cannot tell how much the server keeps, or shows to this
/// connection) the line may or may not have arrived; so too when the history holds a line from
/// us that chat could not match (the server may have changed its text), or when the server
/// refuses the question (`FAIL CHATHISTORY`).
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

  /// `BATCH +ref chathistory #chan`: a history of a channel with carried lines.
  mutating func historyBatchOpened(_ reference: String, type: String, parameters: [String]) {
    guard type == "chathistory" || type == "draft/chathistory", parameters.count > 2,
      delivery.reconciliation.isCarried(to: parameters[2], mapping: support.caseMapping)
    else { return }
    delivery.reconciliation.batches[reference] = .init(channel: parameters[2])
  }

  /// `BATCH -ref`: when the batch `judges` (see `receiveBatch`), the lines left for its target
  /// fail; any other batch of a carried target only confirms the lines of ours it holds.
  mutating func historyBatchClosed(
    _ reference: String, judges: Bool, into output: inout IRCOutput
  ) {
    guard let batch = delivery.reconciliation.batches.removeValue(forKey: reference), judges
    else { return }
    let mapping = support.caseMapping
    let (lines, rest) = delivery.reconciliation.carried.partitioned {
      mapping.equal($0.line.target, batch.channel)
    }
    delivery.reconciliation.carried = rest
    for carried in lines {
      let line = carried.line
      let written = line.writtenAt ?? now
      let reachesBack =
        (batch.earliestBefore.map { $0 <= written } ?? false) || batch.holdsOursBefore(line)
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

  /// An event of a history batch with carried lines (a join, a part): what its time tells of
  /// the batch's reach, as a line's does.
  mutating func noteHistoryEvent(_ message: IRCMessage, in reference: String) {
    guard delivery.reconciliation.batches[reference] != nil,
      let taken = delivery.reconciliation.latestTaking(
        serverTime: message.tags["time"].flatMap(IRCServerTime.parse))
    else { return }
    delivery.reconciliation.batches[reference]?.noteTaken(before: taken)
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

  /// The `PONG` after the rejoining `JOIN`s. Where the server keeps history
  /// (`draft/chathistory`), each target with carried lines is asked for its latest lines
  /// (`probeHistory`; behind the core's fetch of it, when one is out), and its answer judges
  /// them (`historyBatchClosed`): a line from before ours proves the history reaches back to
  /// it. Elsewhere, lines whose channel sent no history on joining fail now.
  mutating func rejoinPongReceived(into output: inout IRCOutput) {
    delivery.reconciliation.rejoinToken = nil
    guard offersHistory else {
      let carried = delivery.reconciliation.carried
      delivery.reconciliation.carried.removeAll()
      for entry in carried {
        delivery.reconciliation.counts.undecided += 1
        lineFailed(
          entry.line,
          reason: IRCDeliveryFailure.lostLink(entry.reason)
            + ", and the server sent no history of \(entry.line.target) on rejoining: it may or"
            + " may not have arrived", into: &output)
      }
      return
    }
    var asked: Set<String> = []
    for entry in delivery.reconciliation.carried {
      let target = entry.line.target
      let key = folded(target)
      guard asked.insert(key).inserted else { continue }
      if let current = history.fetches[key], !current.isProbe {
        history.hold(.probe(target: target), behind: key)
      } else if !probeHistory(of: target) {
        failCarried(to: key, because: "the server sent no history of \(target)", into: &output)
      }
    }
  }

  /// `FAIL CHATHISTORY …`: the question about the target the reply names, still waiting for
  /// its answer, will get none. The lines the probe was asked for fail undecided.
  mutating func historyRequestRefused(_ reply: StandardReply, into output: inout IRCOutput) {
    for word in reply.context {
      let key = folded(word)
      guard let fetch = history.refused(key) else { continue }
      if fetch.isProbe {
        failCarried(
          to: key, because: "the server refused its history of \(fetch.target) (\(reply.code))",
          into: &output)
      }
      askWaitingQuestion(behind: key, into: &output)
      return
    }
  }

  /// Fails the lines carried to the folded target `key`, undecided, `because`.
  mutating func failCarried(to key: String, because: String, into output: inout IRCOutput) {
    let (lines, rest) = delivery.reconciliation.carried.partitioned {
      folded($0.line.target) == key
    }
    delivery.reconciliation.carried = rest
    for entry in lines {
      delivery.reconciliation.counts.undecided += 1
      lineFailed(
        entry.line,
        reason: IRCDeliveryFailure.lostLink(entry.reason) + ", and " + because
          + " after reconnecting: it may or may not have arrived", into: &output)
    }
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
