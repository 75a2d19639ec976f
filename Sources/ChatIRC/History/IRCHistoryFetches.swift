import ChatCore

/// The `CHATHISTORY` requests in flight, one per target, and the batches answering them.
///
/// A request for what came after a message (`.after`, a reconnect's catch-up) is fetched in
/// pages: while a batch comes back full (as many lines as asked), the next page is asked
/// after its last line, until one comes back short. A server that never sends a short one
/// is stopped after `catchUpLimit` lines, and the user is told. Every other request is one
/// page. A batch holding more lines than its page asked for (a million, or one that never
/// ends), batches nested in it included, has the lines beyond dropped unread, and the user is
/// told once: a page shows at most what it asked, and a catch-up asks again after the last
/// line kept, so nothing the server really has is skipped. What is kept does not grow with
/// the lines received: counts and the last line's anchor.
struct IRCHistoryFetches: Sendable {
  /// How many lines a page asks for when the server names no limit (`CHATHISTORY`).
  static let pageSize = 100
  /// The most lines the reconciliation's probe asks for.
  static let probeSize = 100
  /// The most lines one catch-up pages through before it stops.
  static let catchUpLimit = 10_000
  /// The most requests in flight: a new one beyond it is not sent.
  static let cap = 256

  struct Fetch: Hashable, Sendable {
    /// The target as asked (a channel, or a nick for a private chat).
    var target: String
    /// Whether it pages until a short batch (`AFTER`).
    var pages: Bool
    /// How many lines each page asks for.
    var pageSize: Int
    /// The reference of the batch answering the current page, once it opened.
    var batch: String?
    /// Lines of the current page's batch so far.
    var received = 0
    /// Lines of the pages before the current one.
    var total = 0
    /// The last line kept of the current page: where the next page starts (kept only when it
    /// pages).
    var last: HistoryAnchor?
    /// Whether the current page's batch held more lines than asked (the user was told).
    var overflowed = false
    /// Whether it is the reconciliation's own question (see `IRCClient+History`): its
    /// lines are read for the lines a lost link left unconfirmed, and not shown.
    var isProbe = false

    /// Counts `line`, of the current page's batch; where it is, when it pages.
    mutating func note(_ line: IRCMessage) -> Verdict {
      guard received < pageSize else {
        if overflowed { return .dropped }
        overflowed = true
        return .overflowed(target: target, asked: pageSize)
      }
      received += 1
      if pages, let anchor = IRCHistoryFetches.anchor(of: line) { last = anchor }
      return .kept
    }
  }

  /// What becomes of a line of a batch answering a fetch.
  enum Verdict: Hashable, Sendable {
    /// Within what was asked: it is read.
    case kept
    /// Beyond what was asked: dropped unread.
    case dropped
    /// The first line beyond what the fetch of `target` asked (`asked` lines): dropped, and
    /// the user is to be told.
    case overflowed(target: String, asked: Int)
  }

  /// What a page's end leads to.
  enum Outcome: Hashable, Sendable {
    /// The fetch is over.
    case done
    /// Ask the next page: after `anchor`, `count` lines.
    case nextPage(target: String, after: HistoryAnchor, count: Int)
    /// The catch-up stopped at `catchUpLimit` though the server had more: `count` lines.
    case stopped(target: String, count: Int)
  }

  /// By folded target.
  private(set) var fetches: [String: Fetch] = [:]
  /// Folded target by the reference of the batch answering it, and of the batches nested in it.
  private var answering: [String: String] = [:] {
    // Any change may be to the entry `recent` copies: forgotten.
    didSet { recent = nil }
  }
  /// The batch of the last line counted, and the folded target it answers: an entry of
  /// `answering`, so that a page's lines, which come in a run from its one batch, hash the
  /// reference once, not once a line. Every change of `answering` forgets it (a batch's end
  /// removes its entry and its nested batches', a fetch begun anew its old batch's and their
  /// nested ones'; a new connection starts a new client), so it never names a batch that no
  /// longer answers, nor another fetch than its batch's.
  private var recent: Recent?
  /// See `recent`.
  private struct Recent: Hashable, Sendable {
    var reference: String
    var key: String
  }
  /// The nested batches among `answering`.
  private var nested: Set<String> = []
  /// Since when the `CHATHISTORY TARGETS` asked for looks, while it waits for its batch.
  private(set) var targetsSince: Timestamp?
  /// The reference of the batch answering it, once open.
  private(set) var targetsBatch: String?
  /// The private chats it listed so far, folded name to name as sent (at most `targetsCap`).
  private(set) var targets: [Target] = []
  /// A private chat `CHATHISTORY TARGETS` listed: its name as sent, and folded.
  struct Target: Hashable, Sendable {
    var key: String
    var name: String
  }

  /// The most targets asked for and taken from one answer.
  static let targetsCap = 50

  /// Asks for the targets with messages after `since`, replacing any such question pending.
  mutating func beginTargets(since: Timestamp) {
    (targetsSince, targetsBatch, targets) = (since, nil, [])
  }

  /// `BATCH +reference chathistory-targets`: the answer, if one waits.
  mutating func targetsBatchOpened(_ reference: String) {
    guard targetsSince != nil, targetsBatch == nil else { return }
    targetsBatch = reference
  }

  /// A `CHATHISTORY TARGETS name time` line of batch `reference`.
  mutating func noteTarget(_ name: String, key: String, in reference: String) {
    guard reference == targetsBatch, targets.count < Self.targetsCap,
      !targets.contains(where: { $0.key == key })
    else { return }
    targets.append(Target(key: key, name: name))
  }

  /// `BATCH -reference`: the targets listed, and since when, if it answered the question.
  mutating func targetsBatchClosed(_ reference: String) -> (since: Timestamp, targets: [Target])? {
    guard reference == targetsBatch, let since = targetsSince else { return nil }
    defer { (targetsSince, targetsBatch, targets) = (nil, nil, []) }
    return (since, targets)
  }

  /// Begins a fetch of `target` (folded `key`), replacing one in flight for it; false when
  /// too many are in flight.
  mutating func begin(
    _ key: String, target: String, pages: Bool, pageSize: Int, isProbe: Bool = false
  ) -> Bool {
    if let old = fetches[key]?.batch { forget(old, answering: key) }
    guard fetches[key] != nil || fetches.count < Self.cap else { return false }
    replace(key, with: Fetch(target: target, pages: pages, pageSize: pageSize, isProbe: isProbe))
    return true
  }

  /// Sets the fetch of `key`, keeping `probesOut`.
  private mutating func replace(_ key: String, with fetch: Fetch?) {
    if fetches[key]?.isProbe == true { probesOut -= 1 }
    if fetch?.isProbe == true { probesOut += 1 }
    fetches[key] = fetch
  }

  /// The folded target of the fetch top-level batch `reference` answers, and whether that is
  /// the reconciliation's probe; nil when it answers none. Ask before `batchClosed`.
  func fetch(answeredBy reference: String) -> (key: String, isProbe: Bool)? {
    guard !nested.contains(reference), let key = answering[reference], let fetch = fetches[key]
    else { return nil }
    return (key, fetch.isProbe)
  }

  /// Whether batch `reference`, or the batch it is nested in, answers the probe.
  func answersProbe(_ reference: String) -> Bool {
    // Asked of every history line: with no probe out (nearly always), no lookup at all.
    guard probesOut > 0 else { return false }
    return answering[reference].flatMap { fetches[$0]?.isProbe } ?? false
  }

  /// How many of the fetches are the reconciliation's probes.
  private(set) var probesOut = 0

  /// Ends the fetch of the folded target `key` that is still waiting for its batch (the
  /// server refused the question: `FAIL CHATHISTORY`); returns it.
  mutating func refused(_ key: String) -> Fetch? {
    guard let fetch = fetches[key], fetch.batch == nil else { return nil }
    replace(key, with: nil)
    return fetch
  }

  /// `BATCH +reference chathistory target`: it answers the fetch of `key`, if one waits.
  mutating func batchOpened(_ reference: String, key: String) {
    guard answering[reference] == nil, let fetch = fetches[key], fetch.batch == nil else { return }
    fetches[key]?.batch = reference
    answering[reference] = key
  }

  /// `BATCH +reference …` inside batch `parent`: its lines count with `parent`'s, when that
  /// answers a fetch.
  mutating func batchNested(_ reference: String, in parent: String) {
    guard answering[reference] == nil, let key = answering[parent] else { return }
    answering[reference] = key
    nested.insert(reference)
  }

  /// Whether batch `reference` answers a fetch (or is nested in one that does).
  func isAnswering(_ reference: String) -> Bool {
    answering[reference] != nil
  }

  /// `line`, of batch `reference`.
  mutating func noteLine(_ line: IRCMessage, in reference: String) -> Verdict {
    let key: String
    if let recent, recent.reference == reference {
      key = recent.key
    } else {
      guard let answered = answering[reference] else { return .kept }
      (key, recent) = (answered, Recent(reference: reference, key: answered))
    }
    // Changed where it is stored (one lookup of the key, none to write it back): a copy out
    // and back hashed the key twice more and copied the fetch's strings, on every line; so
    // did each read of a field through `values[index]`, and a closure over the line.
    guard let index = fetches.index(forKey: key) else { return .kept }
    return fetches.values[index].note(line)
  }

  /// Where a page asked after `line` starts: its msgid, or else its time.
  static func anchor(of line: IRCMessage) -> HistoryAnchor? {
    if let msgid = line.tags["msgid"] { return .messageID(msgid) }
    return line.tags["time"].flatMap(IRCServerTime.parse).map(HistoryAnchor.time)
  }

  /// `BATCH -reference`: what follows for the fetch it answered, nil when it answered none.
  mutating func batchClosed(_ reference: String) -> Outcome? {
    if nested.remove(reference) != nil {
      answering[reference] = nil
      return nil
    }
    guard let key = answering[reference], var fetch = fetches[key] else {
      answering[reference] = nil
      return nil
    }
    forget(reference, answering: key)
    fetch.total += fetch.received
    let full = fetch.received >= fetch.pageSize
    guard fetch.pages, full, let last = fetch.last else {
      replace(key, with: nil)
      return .done
    }
    guard fetch.total < Self.catchUpLimit else {
      replace(key, with: nil)
      return .stopped(target: fetch.target, count: fetch.total)
    }
    (fetch.batch, fetch.received, fetch.last, fetch.overflowed) = (nil, 0, nil, false)
    fetches[key] = fetch
    return .nextPage(target: fetch.target, after: last, count: fetch.pageSize)
  }

  /// Forgets top-level batch `reference`, which answered the fetch of the folded target
  /// `key`, and the batches nested in it: ended, or replaced by a fetch asked again, whose own
  /// batch is still to come (so every nested batch counted with `key` is the old one's).
  private mutating func forget(_ reference: String, answering key: String) {
    answering[reference] = nil
    for child in nested where answering[child] == key {
      (answering[child], nested) = (nil, nested.subtracting([child]))
    }
  }

  /// A question that waits for the fetch in flight for its target to end: one question per
  /// target at a time, so that each answer is read as the answer to its own question.
  enum Waiting: Hashable, Sendable {
    /// The reconciliation's probe, behind the core's fetch.
    case probe(target: String)
    /// The core's fetch, behind the probe.
    case fetch(target: String, HistoryRange)
  }

  /// By folded target.
  private(set) var waiting: [String: Waiting] = [:]

  /// Keeps `question` until the fetch of the folded target `key` ends (the latest kept).
  mutating func hold(_ question: Waiting, behind key: String) {
    waiting[key] = question
  }

  /// The question that waited for the fetch of `key`, now that it ended.
  mutating func takeWaiting(behind key: String) -> Waiting? {
    waiting.removeValue(forKey: key)
  }
}
