import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Foundation
import Testing

/// Notes every message that enters the conversation and every failure, as renderers see them.
private final class DeliveryLedger: Renderer {
  private var tracker = ChangeTracker()
  private(set) var entered: [UUID] = []
  private(set) var failed: [UUID] = []
  private(set) var sent: [UUID] = []

  func start(_ state: AppState) throws(SinkError) { _ = tracker.changes(in: state) }
  func render(_ state: AppState) throws(SinkError) {
    let changes = tracker.changes(in: state)
    entered += changes.entered(in: state).map(\.id)
    failed += changes.failed(in: state).map(\.message.id)
    sent += changes.sent(in: state).map(\.id)
  }
  func show(_ notice: Notice, in state: AppState) throws(SinkError) {}
  func flush() throws(SinkError) {}
  func finish(_ state: AppState) throws(SinkError) { try render(state) }
}

/// Plays `lines` through the real loop on the virtual clock with every fault switched on.
private func runWithFaults(seed: UInt64, lines: [String]) throws -> (DeliveryLedger, AppState) {
  let input = pipeHolding(lines.map { $0 + "\n" }.joined())
  defer { close(input) }
  var configuration = SimulatedSession.Configuration()
  configuration.faults = try Faults(
    parsing: "drop=0.15,duplicate=0.15,jitter=80ms,disconnect=0.05,downtime=600ms")
  let clock = VirtualClock()
  let ledger = DeliveryLedger()
  let runtime = Runtime(
    state: AppState(),
    session: SimulatedSession(configuration: configuration, ids: SeededUUIDGenerator(seed: seed)),
    clock: clock, ids: SeededUUIDGenerator(seed: seed, stream: 1), renderers: [ledger])
  _ = try runtime.run(FileInput(descriptor: input))
  return (ledger, runtime.state)
}

@Suite(.timeLimit(.minutes(10))) struct DeliveryGuaranteeTests {
  private let lines = (1...10).map { "message \($0)" } + ["/retry", "after retry", "/retry"]

  @Test func everySentMessageIsDeliveredOnceOrReportedFailedUnderEveryFault() throws {
    var delivered = 0
    var failed = 0
    for seed in UInt64(1)...1000 {
      let (ledger, state) = try runWithFaults(seed: seed, lines: lines)
      let ownIDs = Set(ledger.sent)
      #expect(ownIDs.count == 11, "seed \(seed): 11 distinct messages typed")
      #expect(Set(ledger.entered).count == ledger.entered.count, "seed \(seed): shown twice")
      let finalFailed = Set(state.failed.map(\.message.id))
      for id in ownIDs {
        let shown = ledger.entered.filter { $0 == id }.count
        let isFailed = finalFailed.contains(id)
        #expect(
          (shown == 1 && !isFailed) || (shown == 0 && isFailed),
          "seed \(seed): \(id) shown \(shown) times, failed: \(isFailed)")
        if isFailed { #expect(ledger.failed.contains(id), "seed \(seed): failure not reported") }
        delivered += shown
        failed += isFailed ? 1 : 0
      }
      #expect(state.outbox.isEmpty && state.unsent.isEmpty, "seed \(seed): still pending")
    }
    // The faults really happened, and most messages still got through.
    #expect(failed > 100)
    #expect(delivered > failed)
  }

  @Test func withoutFaultsNothingFails() throws {
    let input = pipeHolding(lines.map { $0 + "\n" }.joined())
    defer { close(input) }
    let clock = VirtualClock()
    let ledger = DeliveryLedger()
    let runtime = Runtime(
      state: AppState(), session: SimulatedSession(ids: SeededUUIDGenerator(seed: 3)),
      clock: clock, ids: SeededUUIDGenerator(seed: 3, stream: 1), renderers: [ledger])
    #expect(try runtime.run(FileInput(descriptor: input)) == .completed)
    #expect(ledger.failed.isEmpty)
    #expect(ledger.entered.count == 22)
    #expect(runtime.state.phase == .finished)
  }
}
