import ChatCore

/// The delivery part of the client: what waits to be written (the outbox, paced by the token
/// bucket), our message lines written and not yet confirmed, the `PING`s whose `PONG`s confirm
/// lines, the user's intents held until registration, the CTCP answers' own pacing, the
/// lines a lost link left for the history on rejoining (`IRCHistoryReconciliation`), and our
/// messages as wholes (`IRCSentMessages`: a split one confirmed when all its lines are, its
/// time and msgid, the history lines held for it, its confirmation limit).
///
/// The router decides what to queue and writes what the pacing allows; this part keeps the
/// books: which line a label, an echo, an error or a `PONG` is about, and which message it
/// belongs to. Everything chat knows of our messages on the wire is here; the session maps
/// the whole-message events it reports (`messageDelivered`, `deliveryFailed`) to the core's
/// actions and keeps nothing of its own.
struct IRCDelivery: Sendable {
  /// A `PING` of ours, written at `sentAt`.
  struct SentPing: Hashable, Sendable {
    var sentAt: Timestamp
    /// Lines written before it, which its `PONG` confirms when they wait for one.
    var covers: Int
  }

  var outbox = IRCOutbox()
  var bucket: IRCTokenBucket
  /// Our message lines written and not yet confirmed, oldest first.
  var inFlight: [IRCInFlightLine] = []
  /// What the user asked for before `001`, carried out after it.
  var heldIntents: [IRCIntent] = []
  /// Our `PING`s awaiting their `PONG`, by token.
  var pings: [String: SentPing] = [:]
  /// Message lines written over the client's life: a line's place in the order.
  var writeSequence = 0
  var unconfirmedSincePing = 0
  var confirmingPingDue = false
  /// When the last CTCP answer was written, and whether one waits in the outbox.
  var lastCTCPAnswer: Timestamp?
  var ctcpAnswerWaiting = false
  /// Lines whose confirmation a lost link took with it, kept for the history on rejoining;
  /// it outlives the connection.
  var reconciliation = IRCHistoryReconciliation()
  /// Our messages as wholes, until each is delivered or failed; they outlive the connection.
  var messages: IRCSentMessages

  /// Nothing queued or in flight; `pacing` from `time`; a written line fails unconfirmed
  /// after `confirmationTimeoutMilliseconds`.
  init(
    pacing: IRCTokenBucket.Settings, confirmationTimeoutMilliseconds: Int64 = 30_000,
    at time: Timestamp
  ) {
    bucket = IRCTokenBucket(settings: pacing, at: time)
    messages = IRCSentMessages(timeoutMilliseconds: confirmationTimeoutMilliseconds)
  }

  /// A new connection after `previous`: the order of writes, the lines waiting for a history
  /// and the messages pending go on; everything else starts afresh.
  mutating func connectionStarted(after previous: IRCDelivery) {
    (reconciliation, writeSequence) = (previous.reconciliation, previous.writeSequence)
    messages = previous.messages
    reconciliation.connectionStarted()
  }

  /// How many lines are waiting for the pacing allowance.
  var queuedLineCount: Int { outbox.count + (confirmingPingDue ? 1 : 0) }

  /// How many of our message lines await the server's confirmation (written or not).
  var unconfirmedLineCount: Int {
    inFlight.count + outbox.partCount + reconciliation.carried.count
  }

  /// Takes the in-flight line confirmed by the server's `label`, if any.
  mutating func removeLabeled(_ label: String) -> IRCInFlightLine? {
    guard let index = inFlight.firstIndex(where: { $0.confirmation == .label && $0.label == label })
    else { return nil }
    return inFlight.remove(at: index)
  }

  /// Takes the oldest unlabeled in-flight line to `target` (any target when nil).
  mutating func removeOldestUnlabeled(
    to target: String?, mapping: NameRules.CaseMapping
  ) -> IRCInFlightLine? {
    guard
      let index = inFlight.firstIndex(where: { line in
        line.confirmation != .label && (target.map { mapping.equal(line.target, $0) } ?? true)
      })
    else { return nil }
    return inFlight.remove(at: index)
  }

  /// Takes the oldest multiline batch in flight.
  mutating func removeOldestBatch() -> IRCInFlightLine? {
    guard let index = inFlight.firstIndex(where: { $0.batch != nil }) else { return nil }
    return inFlight.remove(at: index)
  }

  /// Takes the oldest line confirmed by echo with this target and text.
  mutating func removeEchoed(
    target: String, text: String, isAction: Bool, mapping: NameRules.CaseMapping
  ) -> IRCInFlightLine? {
    guard
      let index = inFlight.firstIndex(where: {
        $0.confirmation == .echo && $0.isAction == isAction && $0.text == text
          && mapping.equal($0.target, target)
      })
    else { return nil }
    return inFlight.remove(at: index)
  }

  /// The `PONG` for `token`: its `PING`, and the lines written before it that waited for one,
  /// in order; nil for a token not ours.
  mutating func pongReceived(_ token: String) -> (ping: SentPing, confirmed: [IRCInFlightLine])? {
    guard let ping = pings.removeValue(forKey: token) else { return nil }
    // The server handles lines in order: a PONG means every line before its PING was
    // handled, and one that failed has had its error reply by now.
    let confirmed = inFlight.filter { $0.confirmation == .pong && $0.sequence <= ping.covers }
    inFlight.removeAll { $0.confirmation == .pong && $0.sequence <= ping.covers }
    return (ping, confirmed)
  }
}
