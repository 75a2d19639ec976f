import ChatCore
import ChatSession
import FoundationEssentials
import Testing

/// One run of the core and the simulated session wired together by hand, on virtual time: the
/// smallest loop that carries out the core's effects, with many messages in flight at once.
///
/// Ties at one instant go session first, then timers, then the user, as the runtime orders
/// them. When input has ended and neither the session nor a timer has anything due, nothing
/// more can arrive and the run stops, as the runtime's does.
private struct ConcurrentRun {
  struct Typed {
    var milliseconds: Int64
    var text: String
    var id: UUID
  }

  var state = AppState()
  var session: SimulatedSession
  var now = Timestamp.virtualEpoch
  /// Live timers, with a sequence number so that timers due together fire in the order set.
  var timers: [Timer: (due: Timestamp, order: Int)] = [:]
  var timerOrder = 0
  var finished = false

  // What an observer of the state saw, step by step.
  var entered: [UUID] = []
  var reportedFailures: Set<UUID> = []
  var sends: [Message] = []
  var disconnects = 0
  var heldAndReleased = 0
  var largestOutbox = 0
  var problems: [String] = []
  private var seenMessages = 0
  private var seenFailed = 0

  init(seed: UInt64, faults: Faults) {
    var configuration = SimulatedSession.Configuration()
    configuration.faults = faults
    session = SimulatedSession(configuration: configuration, ids: SeededUUIDGenerator(seed: seed))
    session.connect(at: now)
  }

  mutating func run(_ plan: [Typed]) {
    var next = 0
    var inputEnded = false
    for _ in 0..<100_000 where !finished {
      let sessionDue = session.nextDeadline
      let timer = timers.min { ($0.value.due, $0.value.order) < ($1.value.due, $1.value.order) }
      let typedDue =
        next < plan.count
        ? Timestamp.virtualEpoch.advanced(byMilliseconds: plan[next].milliseconds) : nil
      if let sessionDue, sessionDue <= min(timer?.value.due ?? sessionDue, typedDue ?? sessionDue) {
        now = max(now, sessionDue)
        if let event = session.nextEvent(dueBy: now) { dispatch(.session(event)) }
      } else if let (key, value) = timer, value.due <= (typedDue ?? value.due) {
        now = max(now, value.due)
        timers[key] = nil
        dispatch(.system(.timerFired(key, time: now)))
      } else if let typedDue {
        now = max(now, typedDue)
        let typed = plan[next]
        next += 1
        dispatch(.user(.submitted(text: typed.text, id: typed.id, time: now)))
      } else if !inputEnded {
        inputEnded = true
        dispatch(.system(.endOfInput))
      } else {
        return  // Nothing more can arrive.
      }
    }
    if !finished, next < plan.count || sessionHasWork { problems.append("the run did not end") }
  }

  private var sessionHasWork: Bool { session.nextDeadline != nil || !timers.isEmpty }

  private mutating func dispatch(_ action: Action) {
    var held: [UUID] = []
    if case .session(.connected) = action { held = state.unsent.map(\.id) }
    if case .session(.disconnected) = action { disconnects += 1 }
    let effects = update(&state, action)
    var sentNow: [UUID] = []
    for effect in effects {
      switch effect {
      case .send(let message):
        sends.append(message)
        sentNow.append(message.id)
        session.send(message, at: now)
      case .schedule(let timer, let milliseconds):
        timerOrder += 1
        timers[timer] = (now.advanced(byMilliseconds: milliseconds), timerOrder)
      case .cancel(let timer):
        timers[timer] = nil
      case .quit:
        finished = true
      case .show, .rememberPolicy, .forgetPolicy, .perform:
        break
      case .join(let name, let key):
        session.join(name, key: key, at: now)
      case .leave(let reason):
        session.leave(reason: reason, at: now)
      case .part(let name, let reason):
        session.part(name, reason: reason, at: now)
      case .setTopic(let name, let topic):
        session.setTopic(topic, of: name, at: now)
      }
    }
    if case .session(.connected) = action {
      if sentNow != held { problems.append("held \(held) but sent \(sentNow) on connecting") }
      heldAndReleased += held.count
    }
    let newMessages = state.messageCount - seenMessages
    entered += state.messages.suffix(newMessages).map(\.id)
    seenMessages = state.messageCount
    if state.failed.count > seenFailed {
      reportedFailures.formUnion(
        state.failed.suffix(state.failed.count - seenFailed).map(\.message.id))
    }
    seenFailed = state.failed.count
    largestOutbox = max(largestOutbox, state.outbox.count)
  }
}

@Suite(.timeLimit(.minutes(10))) struct ConcurrentDeliveryPropertyTests {
  /// Messages typed at random instants (often several at once, rarely far apart), with
  /// `/retry` now and then and once at the end.
  private func plan(seed: UInt64) -> [ConcurrentRun.Typed] {
    var random = SeededUUIDGenerator(seed: seed, stream: 7)
    var ids = SeededUUIDGenerator(seed: seed, stream: 1)
    var milliseconds: Int64 = 0
    var plan: [ConcurrentRun.Typed] = []
    for number in 1...40 {
      let roll = random.nextBits() % 100
      milliseconds += roll < 10 ? Int64(random.nextBits() % 1500) : Int64(random.nextBits() % 40)
      let text = random.nextBits() % 10 == 0 ? "/retry" : "message \(number)"
      plan.append(.init(milliseconds: milliseconds, text: text, id: ids.next()))
    }
    plan.append(.init(milliseconds: milliseconds + 1200, text: "/retry", id: ids.next()))
    return plan
  }

  @Test func manyMessagesInFlightAcrossDisconnectsAreEachDeliveredOnceOrReportedFailed() throws {
    let faults = try Faults(
      parsing: "drop=0.15,duplicate=0.15,jitter=80ms,disconnect=0.05,downtime=600ms")
    var largestOutbox = 0
    var (delivered, failed, resent, disconnects, released) = (0, 0, 0, 0, 0)
    for seed in UInt64(1)...500 {
      let plan = plan(seed: seed)
      var run = ConcurrentRun(seed: seed, faults: faults)
      run.run(plan)
      for problem in run.problems { Issue.record("seed \(seed): \(problem)") }

      let typed = plan.filter { $0.text != "/retry" }
      let texts = Dictionary(uniqueKeysWithValues: typed.map { ($0.id, $0.text) })
      #expect(Set(run.entered).count == run.entered.count, "seed \(seed): something shown twice")
      let finalFailed = Set(run.state.failed.map(\.message.id))
      for message in typed {
        let shown = run.entered.filter { $0 == message.id }.count
        let isFailed = finalFailed.contains(message.id)
        #expect(
          (shown == 1 && !isFailed) || (shown == 0 && isFailed),
          "seed \(seed): '\(message.text)' shown \(shown) times, failed: \(isFailed)")
        if isFailed {
          #expect(run.reportedFailures.contains(message.id), "seed \(seed): failure not reported")
        }
        delivered += shown
        failed += isFailed ? 1 : 0
      }
      // `/retry` sends the same message again: the same id and the same text, nothing new.
      for send in run.sends {
        #expect(texts[send.id] == send.text, "seed \(seed): sent '\(send.text)' under a new id")
      }
      var firstSends: [UUID] = []
      var seen: Set<UUID> = []
      for send in run.sends where seen.insert(send.id).inserted { firstSends.append(send.id) }
      #expect(firstSends == typed.map(\.id), "seed \(seed): messages first sent out of order")
      #expect(run.state.outbox.isEmpty && run.state.unsent.isEmpty, "seed \(seed): still pending")

      largestOutbox = max(largestOutbox, run.largestOutbox)
      resent += run.sends.count - firstSends.count
      disconnects += run.disconnects
      released += run.heldAndReleased
    }
    // The run really had many messages in flight, lost connections with messages held, and
    // retried; and most messages still got through.
    #expect(largestOutbox >= 10, "at most \(largestOutbox) in flight")
    #expect(disconnects > 500 && released > 1000 && resent > 1000)
    #expect(failed > 500 && delivered > 3 * failed)
  }
}
