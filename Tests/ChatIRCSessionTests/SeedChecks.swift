import ChatCore
import ChatIRCSession
import FoundationEssentials

/// The property, for one seed's record: what the core handed the session, what the session
/// reported, the core's final state, what reached the server and what the observer received.
///
/// 1. Every attempt (each time the core hands a message over, the first time or by `/retry`)
///    ends in exactly one outcome, echoed or failed; nothing is reported for a message not in
///    flight; a message is echoed at most once, as its last outcome.
/// 2. In the core, every typed message ends exactly once: shown once in the conversation
///    (delivered) or listed once as failed, never both, never neither.
/// 3. chat writes a message's line at most once per attempt (it never resends on its own),
///    and a failure that claims the message was not sent (or was refused) is never one whose
///    line the server got: only "may or may not have arrived" failures can have arrived.
/// 4. The observer receives each delivered message exactly once and no failed attempt,
///    except one that failed as "may or may not have arrived" because the channel's history
///    on rejoining could not tell or the confirmation limit passed (counted); a `/retry` that resent a message adds at most one per
///    time the server was given it. A failure that says the history does not have it never
///    reached the observer. (A split message whose pieces were partly confirmed is checked
///    piece by piece only against what the server was given: a failed one may show pieces.)
/// 5. Every reconnect waits the documented backoff: attempt n (from 0, counted from the
///    last registration) waits between half and all of min(cap, base × 2ⁿ), exactly the
///    delay the seed's jitter predicts, and at most `backoffTolerance` late.
struct SeedChecks {
  let plan: FaultPlan
  let log: [SessionLog.Entry]
  let state: AppState
  let reachedServer: [String: Int]
  /// The observer's lines in the channel, in the order received.
  let observed: [String]

  private var attempts: [UUID: Int] = [:]
  private var texts: [UUID: String] = [:]
  private var lastOutcomeEchoed: [UUID: Bool] = [:]
  private var definiteFailures: [UUID: Int] = [:]
  private var uncertainFailures: [UUID: Int] = [:]

  init(
    plan: FaultPlan, log: [SessionLog.Entry], state: AppState, reachedServer: [String: Int],
    observed: [String]
  ) {
    self.plan = plan
    self.log = log
    self.state = state
    self.reachedServer = reachedServer
    self.observed = observed
  }

  mutating func run(into result: inout SeedOutcome) {
    checkAttempts(into: &result)
    checkCore(into: &result)
    checkWire(into: &result)
    checkBackoff(into: &result)
  }

  /// 1: one outcome per attempt.
  private mutating func checkAttempts(into result: inout SeedOutcome) {
    var inFlight: Set<UUID> = []
    var problems: [String] = []
    for entry in log {
      var endings: [(id: UUID, echoed: Bool, what: String)] = []
      switch entry {
      case .sent(let id, let text, _):
        if !inFlight.insert(id).inserted {
          problems.append("\(Self.short(text)) handed to the session again while in flight")
        }
        attempts[id, default: 0] += 1
        texts[id] = text
        result.mostInFlight = max(result.mostInFlight, inFlight.count)
      case .event(.echoed(let message)):
        endings = [(message.id, true, "an echo")]
      case .event(.deliveryFailed(let ids, let reason, _)):
        endings = ids.map { ($0, false, "a failure (\(reason))") }
        for id in ids {
          result.failedAttempts += 1
          if reason.contains("may or may not have arrived") {
            result.uncertainFailures += 1
            // Only a history that could not tell (none, or too short) or the confirmation
            // limit may leave it open: a lost link alone no longer does, on a `+H` channel,
            // and InspIRCd keeps our texts as sent, so chat must recognise every line of ours.
            if reason.contains("history") && !reason.contains("cannot match")
              || reason.contains("did not confirm it within")
            {
              uncertainFailures[id, default: 0] += 1
            }
          } else if reason.contains("does not have it: it did not arrive") {
            // About the server's history, not the bytes: checked against the observer (4).
            result.absentFailures += 1
          } else {
            definiteFailures[id, default: 0] += 1
            result.definiteFailures += 1
          }
        }
      default:
        break
      }
      for ended in endings { note(ended) }
    }
    func note(_ ended: (id: UUID, echoed: Bool, what: String)) {
      let name = texts[ended.id].map(Self.short) ?? "\(ended.id)"
      guard inFlight.remove(ended.id) != nil else {
        problems.append("\(ended.what) for \(name), which was not in flight")
        return
      }
      if lastOutcomeEchoed[ended.id] == true {
        problems.append("\(ended.what) for \(name) after it was delivered")
      }
      lastOutcomeEchoed[ended.id] = ended.echoed
    }
    for id in inFlight {
      problems.append("\(texts[id].map(Self.short) ?? "\(id)") never ended: no echo, no failure")
    }
    result.problems += problems
    result.resent = attempts.values.reduce(0) { $0 + $1 - 1 }
  }

  /// 2: the core's final state.
  private func checkCore(into result: inout SeedOutcome) {
    let idsByText = Dictionary(texts.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
    result.typed = plan.messages.count
    for typed in plan.messages {
      guard let id = idsByText[typed.text] else {
        result.problems.append(
          "\(Self.short(typed.text)) was typed but never handed to the session")
        continue
      }
      let shown = state.messages.filter { $0.id == id }.count
      let failed = state.failed.filter { $0.message.id == id }.count
      switch (shown, failed) {
      case (1, 0):
        result.delivered += 1
        if lastOutcomeEchoed[id] != true {
          result.problems.append(
            "\(Self.short(typed.text)) is shown but its last outcome was a failure")
        }
      case (0, 1):
        result.failed += 1
        if lastOutcomeEchoed[id] != false {
          result.problems.append(
            "\(Self.short(typed.text)) is listed failed but its last outcome was not")
        }
      default:
        result.problems.append(
          "\(Self.short(typed.text)) is shown \(shown) times and failed \(failed) times")
      }
    }
  }

  /// 3 and 4: what the server was given, and what the observer received, line by line (a
  /// split message's pieces are lines of their own, known by their first word's tag).
  private func checkWire(into result: inout SeedOutcome) {
    let owners = Dictionary(
      texts.map { (String($0.value.prefix { $0 != " " }), $0.key) }, uniquingKeysWith: { a, _ in a }
    )
    func owner(_ line: String) -> UUID? {
      let word = line.prefix { $0 != " " }
      guard let tag = word.split(separator: "w").first, let id = owners[String(tag)],
        texts[id]?.contains(line) == true
      else { return nil }
      return id
    }
    var seen: [String: Int] = [:]
    for line in observed { seen[line, default: 0] += 1 }
    for line in Set(reachedServer.keys).union(seen.keys) {
      let reached = reachedServer[line, default: 0]
      let received = seen[line, default: 0]
      guard let id = owner(line) else {
        result.problems.append(
          "a line of no message chat sent: \(Self.short(line)) (server \(reached)×, observer \(received)×)"
        )
        continue
      }
      let tries = attempts[id, default: 0]
      if reached > tries {
        result.problems.append(
          "\(Self.short(line)): the server got it \(reached) times for \(tries) sends")
      }
      if received > reached {
        result.problems.append(
          "\(Self.short(line)): the observer received it \(received) times; the server was given it \(reached)"
        )
      }
      // A server may drop lines it was given when the link resets before it reads them.
      result.givenButDropped += reached - min(received, reached)
    }
    for (id, text) in texts {
      let tries = attempts[id, default: 0]
      let delivered = lastOutcomeEchoed[id] == true
      let pieces = observed.filter { owner($0) == id }
      if delivered && !Self.containsRun(of: pieces, joiningInto: text) {
        result.problems.append(
          "\(Self.short(text)) was delivered but the observer never received it whole")
      }
      let split = reachedServer.keys.contains { $0 != text && owner($0) == id }
      if split {
        result.splitMessages += 1
        continue  // Which attempt a piece belongs to is not told apart below.
      }
      let reached = reachedServer[text, default: 0]
      let definite = definiteFailures[id, default: 0]
      if definite > 0 && reached + definite > tries {
        result.problems.append(
          "\(Self.short(text)): a failure said it was not sent, but the server got all \(reached)")
      }
      let failedTries = tries - (delivered ? 1 : 0)
      let arrivedAnyway = seen[text, default: 0] - (delivered ? 1 : 0)
      result.failedButArrived += max(0, min(failedTries, arrivedAnyway))
      let uncertain = uncertainFailures[id, default: 0]
      result.uncertainButArrived += max(0, min(uncertain, arrivedAnyway))
      if arrivedAnyway > uncertain {
        result.problems.append(
          "\(Self.short(text)): the observer received it \(seen[text, default: 0]) times,"
            + " \(delivered ? "delivered once" : "never delivered") and \(uncertain) failed"
            + " attempts that may have arrived")
      }
    }
  }

  /// A text as a failure names it: long ones by their start and length.
  static func short(_ text: String) -> String {
    text.utf8.count <= 80 ? text : "\(text.prefix(40))… (\(text.utf8.count) bytes)"
  }

  /// Whether consecutive `pieces` join into `text`.
  static func containsRun(of pieces: [String], joiningInto text: String) -> Bool {
    for start in pieces.indices {
      var joined = ""
      for piece in pieces[start...] {
        joined += piece
        if joined == text { return true }
        if !text.hasPrefix(joined) { break }
      }
    }
    return false
  }

  /// 5: the reconnect delays.
  private func checkBackoff(into result: inout SeedOutcome) {
    var predicted = ReconnectBackoff(
      seed: plan.seed, baseMilliseconds: SeedRun.backoffBase,
      capMilliseconds: SeedRun.backoffCap)
    var attempt = 0
    var lostAt: Timestamp?
    for entry in log {
      guard case .event(let event) = entry else { continue }
      switch event {
      case .connected:
        predicted.reset()
        attempt = 0
      case .disconnected(_, let time):
        lostAt = time
      case .connecting(let time):
        guard let lost = lostAt else { continue }
        lostAt = nil
        result.reconnects += 1
        let waited = lost.milliseconds(to: time)
        let expected = predicted.nextDelayMilliseconds()
        let ceiling = min(SeedRun.backoffCap, SeedRun.backoffBase << Int64(min(attempt, 32)))
        attempt += 1
        if expected < ceiling / 2 || expected > ceiling {
          result.problems.append(
            "reconnect \(attempt): \(expected) ms is outside 1/2–1 × \(ceiling) ms")
        }
        if waited < expected || waited > expected + SeedRun.backoffTolerance {
          result.problems.append(
            "reconnect \(attempt) came after \(waited) ms; the backoff says \(expected) ms")
        }
        result.backoffLateness.append(waited - expected)
      default:
        break
      }
    }
  }
}
