import ChatCore

/// Fetching a conversation's history from a server that keeps it (`draft/chathistory`):
/// `CHATHISTORY LATEST|AFTER|BEFORE`, answered by a `chathistory` batch of the lines. Its
/// lines arrive as received messages marked as history; with `draft/event-playback` the
/// batch also holds the joins, parts and quits of the time, which are not news and are
/// dropped (without it, the server tells them as messages from `HistServ`).
///
/// A server without the capability is asked nothing: a fetch is ignored there.
extension IRCClient {
  /// Whether the server agreed to `draft/chathistory` (or its final name).
  public var offersHistory: Bool { registration.keepsHistory }

  /// Asks for `range` of `target`'s history, when the server keeps it: `LATEST` and
  /// `BEFORE` ask for their count (at most the server's `CHATHISTORY` limit), `AFTER` pages
  /// (see `IRCHistoryFetches`). While the reconciliation's probe of `target` is out, the
  /// question waits for its answer; a `BEFORE` while any fetch of `target` is out (PgUp held
  /// at the top) is not asked again.
  mutating func fetchHistory(of target: String, _ range: HistoryRange) {
    guard offersHistory, Self.isValidWord(target) else { return }
    let key = folded(target)
    if let current = history.fetches[key] {
      if current.isProbe {
        history.hold(.fetch(target: target, range), behind: key)
        return
      }
      if case .before = range { return }
    }
    let limit = support.historyLimit
    func clamped(_ count: Int) -> Int { min(max(1, count), limit ?? count) }
    let pages: Bool
    let pageSize: Int
    let parameters: [String]
    switch range {
    case .latest(let count):
      (pages, pageSize) = (false, clamped(count))
      parameters = ["LATEST", target, "*", String(pageSize)]
    case .before(let anchor, let count):
      (pages, pageSize) = (false, clamped(count))
      parameters = ["BEFORE", target, Self.reference(anchor), String(pageSize)]
    case .after(let anchor):
      (pages, pageSize) = (
        true,
        limit.map { min($0, IRCHistoryFetches.catchUpLimit) }
          ?? IRCHistoryFetches.pageSize
      )
      parameters = ["AFTER", target, Self.reference(anchor), String(pageSize)]
    }
    guard history.begin(key, target: target, pages: pages, pageSize: pageSize) else { return }
    delivery.outbox.queue(.command(IRCMessage(command: "CHATHISTORY", parameters: parameters)))
  }

  /// The reconciliation's own question about `target` (see `IRCClient+History`): its latest
  /// lines, at most 100. Returns whether it was asked.
  mutating func probeHistory(of target: String) -> Bool {
    guard offersHistory, Self.isValidWord(target) else { return false }
    let count = min(
      support.historyLimit ?? IRCHistoryFetches.probeSize, IRCHistoryFetches.probeSize)
    guard
      history.begin(folded(target), target: target, pages: false, pageSize: count, isProbe: true)
    else { return false }
    delivery.outbox.queue(
      .command(
        IRCMessage(command: "CHATHISTORY", parameters: ["LATEST", target, "*", String(count)])))
    return true
  }

  /// The fetch of the folded target `key` ended: the question waiting behind it is asked.
  mutating func askWaitingQuestion(behind key: String, into output: inout IRCOutput) {
    switch history.takeWaiting(behind: key) {
    case nil: break
    case .fetch(let target, let range)?: fetchHistory(of: target, range)
    case .probe(let target)?:
      if !probeHistory(of: target) {
        failCarried(to: key, because: "the server sent no history of \(target)", into: &output)
      }
    }
  }

  /// Asks which private chats had messages after `since` (`CHATHISTORY TARGETS`, up to a
  /// day past our clock, for a server's clock ahead of ours): each one listed that is no
  /// channel, and not being fetched already, is then fetched after `since` (see
  /// `historyBatchEnded`), which opens its conversation as its messages arrive.
  mutating func fetchHistoryTargets(since: Timestamp) {
    guard offersHistory else { return }
    history.beginTargets(since: since)
    delivery.outbox.queue(
      .command(
        IRCMessage(
          command: "CHATHISTORY",
          parameters: [
            "TARGETS", Self.reference(.time(since)),
            Self.reference(.time(now.advanced(byMilliseconds: 86_400_000))),
            String(IRCHistoryFetches.targetsCap),
          ])))
  }

  /// A `CHATHISTORY TARGETS name time` line: a target listed, if it answers our question.
  /// True when the line was one.
  mutating func receiveHistoryTarget(_ message: IRCMessage) -> Bool {
    guard message.command.uppercased() == "CHATHISTORY", message.parameters.count >= 2,
      message.parameters[0].uppercased() == "TARGETS"
    else { return false }
    if let reference = message.tags["batch"] {
      let name = message.parameters[1]
      history.noteTarget(name, key: folded(name), in: reference)
    }
    return true
  }

  /// `msgid=…` or `timestamp=…`, as `CHATHISTORY` takes a message.
  static func reference(_ anchor: HistoryAnchor) -> String {
    switch anchor {
    case .messageID(let id): "msgid=" + id
    case .time(let time): "timestamp=" + IRCServerTime.text(time)
    }
  }

  /// `BATCH +reference chathistory target`: the answer to a fetch of `target`, if one waits.
  mutating func historyBatchStarted(_ reference: String, parent: String?, parameters: [String]) {
    if let parent { history.batchNested(reference, in: parent) }
    if parameters.count > 1,
      parameters[1] == "draft/chathistory-targets" || parameters[1] == "chathistory-targets"
    {
      history.targetsBatchOpened(reference)
    }
    guard parameters.count > 2,
      parameters[1] == "chathistory" || parameters[1] == "draft/chathistory"
    else { return }
    history.batchOpened(reference, key: folded(parameters[2]))
  }

  /// `BATCH -reference`: a fetch's page is in; the next page is asked, the user told where a
  /// catch-up stopped, or, the fetch over, the question waiting behind it asked.
  mutating func historyBatchEnded(_ reference: String, into output: inout IRCOutput) {
    let answered = history.fetch(answeredBy: reference)
    if let (since, targets) = history.targetsBatchClosed(reference) {
      for target in targets
      where !support.isChannel(target.name) && !isUs(target.name)
        && history.fetches[target.key] == nil
        && Self.isValidWord(target.name)
      {
        fetchHistory(of: target.name, .after(.time(since)))
      }
    }
    let outcome = history.batchClosed(reference)
    switch outcome {
    case nil: break
    case .done: if let answered { askWaitingQuestion(behind: answered.key, into: &output) }
    case .nextPage(let target, let anchor, let count):
      delivery.outbox.queue(
        .command(
          IRCMessage(
            command: "CHATHISTORY",
            parameters: ["AFTER", target, Self.reference(anchor), String(count)])))
    case .stopped(let target, let count):
      output.events.append(.historyStopped(target: target, count: count))
      if let answered { askWaitingQuestion(behind: answered.key, into: &output) }
    }
  }

  /// Counts a line of batch `reference` when that answers a fetch; true when it is to be
  /// dropped unread: one beyond what the fetch asked (see `IRCHistoryFetches`), or a line of
  /// a history batch that is no message (an event played back, see above). `BATCH` lines
  /// pass, so a nested batch is known as history, except the opening of a multiline message
  /// beyond what was asked: a multiline message is one message of the history, counted by its
  /// opening (its lines, gathered before they get here, are not counted), and dropped whole,
  /// its lines with it.
  mutating func noteHistoryLine(
    _ message: IRCMessage, _ command: IRCCommand, in reference: String,
    into output: inout IRCOutput
  ) -> Bool {
    if command == .batch {
      guard Self.opensMultiline(message), history.isAnswering(reference) else { return false }
      guard countHistoryLine(message, in: reference, into: &output) else { return false }
      // Its lines count with the fetch, beyond what it asked: dropped too.
      history.batchNested(String(message.parameters[0].dropFirst()), in: reference)
      return true
    }
    // A batch that answers no fetch keeps every line (`.kept`).
    if countHistoryLine(message, in: reference, into: &output) {
      return true
    }
    let isMessage = command == .privmsg || command == .notice
    guard !isMessage, batches.isHistory(reference) else { return false }
    // An event played back (a join, our own among them) was taken by the server like a line:
    // its time can prove a history reaches back before a line of ours (see IRCClient+History).
    noteHistoryEvent(message, in: reference)
    return true
  }

  /// Counts `message` with the fetch batch `reference` answers: true when it is beyond what
  /// was asked (said once).
  private mutating func countHistoryLine(
    _ message: IRCMessage, in reference: String, into output: inout IRCOutput
  ) -> Bool {
    switch history.noteLine(message, in: reference) {
    case .kept: return false
    case .dropped: return true
    case .overflowed(let target, let asked):
      output.events.append(.historyOverflowed(target: target, asked: asked))
      return true
    }
  }
}
