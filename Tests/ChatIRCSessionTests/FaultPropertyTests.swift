import Dispatch
import Foundation
import IRCTestRequirements
import IRCTestSupport
import Synchronization
import Testing

/// The fault property (see `SeedChecks` for what is checked): for each of 200 seeds (24, one
/// per worker, unless `CHAT_TEST_TIER=full`: the fast tier runs one round), chat's
/// `IRCSession` on the runtime's loop talks to one InspIRCd through its own `FaultProxy`,
/// which cuts, resets, half-closes, stalls and delays the link at seeded moments, while a
/// raw client on the channel records what it receives. Seeds run `workers` at a time.
///
/// A failing seed is named in the failure; `CHAT_FAULT_SEED=N swift test --filter
/// FaultPropertyTests` runs it alone (`CHAT_FAULT_SEEDS=N` runs seeds 0..<N).
@Suite(.alone, .requires(.inspircd), .timeLimit(.minutes(10)))
struct FaultPropertyTests {
  static let seedCount: UInt64 = TestTier.count(fast: 24, full: 200)
  static let workers = 24

  static var seeds: [UInt64] {
    let environment = ProcessInfo.processInfo.environment
    if let one = environment["CHAT_FAULT_SEED"].flatMap(UInt64.init) { return [one] }
    let count = environment["CHAT_FAULT_SEEDS"].flatMap(UInt64.init) ?? seedCount
    return Array(0..<count)
  }

  @Test func everyMessageIsDeliveredOnceOrFailedAndReportedThroughFaults() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let seeds = Self.seeds
    let started = ContinuousClock.now
    let outcomes = try Self.run(seeds, port: server.port, workers: min(Self.workers, seeds.count))
    let seconds = (ContinuousClock.now - started).seconds
    #expect(outcomes.count == seeds.count, "every seed ran")
    for outcome in outcomes where !outcome.problems.isEmpty {
      Issue.record(
        """
        seed \(outcome.seed) (re-run alone: CHAT_FAULT_SEED=\(outcome.seed) swift test \
        --filter FaultPropertyTests):
        \(outcome.problems.joined(separator: "\n"))
        """)
    }
    print(FaultFigures(outcomes, seconds: seconds).summary)
  }

  /// Runs the seeds on `workers` threads, each with its own observer on the server.
  static func run(_ seeds: [UInt64], port: UInt16, workers: Int) throws -> [SeedOutcome] {
    let queue = Mutex((next: 0, outcomes: [SeedOutcome]()))
    let done = DispatchSemaphore(value: 0)
    for worker in 0..<workers {
      let thread = Thread {
        defer { done.signal() }
        var observer: RawIRCClient?
        defer { observer?.close() }
        while true {
          let index = queue.withLock { shared in
            defer { shared.next += 1 }
            return shared.next
          }
          guard index < seeds.count else { return }
          let seed = seeds[index]
          var outcome = SeedOutcome(seed: seed)
          do {
            if observer == nil {
              let client = try RawIRCClient.connect(port: port)
              observer = client
              try client.register(nick: "obs\(worker)")
            }
            outcome = try SeedRun(
              plan: FaultPlan(seed: seed), serverPort: port, observer: observer!
            )
            .run()
          } catch {
            outcome.problems.append("the observer failed: \(error)")
            observer?.close()
            observer = nil
          }
          queue.withLock { $0.outcomes.append(outcome) }
        }
      }
      thread.name = "fault seeds \(worker)"
      thread.start()
    }
    let deadline = DispatchTime.now() + .seconds(8 * 60)
    for _ in 0..<workers {
      guard done.wait(timeout: deadline) == .success else {
        throw TestServerError.timedOut(waitingFor: "the fault seeds", log: "")
      }
    }
    return queue.withLock { $0.outcomes }.sorted { $0.seed < $1.seed }
  }
}

/// The figures of a run of the property, for the README and the issue's closing note.
struct FaultFigures {
  let outcomes: [SeedOutcome]
  let seconds: Double

  init(_ outcomes: [SeedOutcome], seconds: Double) {
    self.outcomes = outcomes
    self.seconds = seconds
  }

  var summary: String {
    func total(_ value: (SeedOutcome) -> Int) -> Int { outcomes.reduce(0) { $0 + value($1) } }
    var faults: [String: Int] = [:]
    for outcome in outcomes {
      for (kind, count) in outcome.faultsFired { faults[kind, default: 0] += count }
    }
    let lateness = outcomes.flatMap(\.backoffLateness).sorted()
    let failing = outcomes.filter { !$0.problems.isEmpty }.count
    let faultLines = faults.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
    let median = lateness.isEmpty ? 0 : lateness[lateness.count / 2]
    return
      ([
        "fault property: \(outcomes.count) seeds in \(String(format: "%.1f", seconds)) s,"
          + " \(failing) failing",
        "messages: \(total(\.typed)) typed (\(total(\.splitMessages)) split), \(total(\.delivered)) delivered,"
          + " \(total(\.failed)) failed in the end; \(total(\.failedAttempts)) failed attempts"
          + " (\(total(\.definiteFailures)) as not sent or refused, \(total(\.absentFailures)) as"
          + " absent from the history, \(total(\.uncertainFailures)) as may or may not),"
          + " \(total(\.failedButArrived)) of them reached the observer"
          + " (\(total(\.uncertainButArrived)) of the may or may not);"
          + " \(total(\.givenButDropped)) lines given to the server but dropped by it;"
          + " \(total(\.retriesTyped)) /retry typed, \(total(\.resent)) messages resent;"
          + " up to \(outcomes.map(\.mostInFlight).max() ?? 0) in flight at once",
        "history on rejoining: \(total { $0.reconciled.found }) lines found (delivered),"
          + " \(total { $0.reconciled.absent }) absent (did not arrive),"
          + " \(total { $0.reconciled.undecided }) undecided (may or may not)",
        "links: \(total(\.connections)) connections, \(total(\.reconnects)) reconnects,"
          + " lateness after the backoff median \(median) ms, max \(lateness.last ?? 0) ms",
        "faults fired (\(faults.values.reduce(0, +)); \(total(\.faultsNotFired)) armed never fired):",
      ] + faultLines).joined(separator: "\n")
  }
}
