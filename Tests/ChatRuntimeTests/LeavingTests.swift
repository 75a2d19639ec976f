import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Glibc
import LogRenderer
import Testing

/// A person at a terminal that never sends another byte: types `first`, then `later` once
/// `ready` holds, then nothing. Its descriptor is a pipe kept open and never written, as a
/// terminal is, so only the run itself can decide to end.
private final class Person: Input {
  private var steps: [[InputEvent]]
  private let ready: (AppState) -> Bool
  private let ends: [Int32]

  init(first: [InputEvent], later: [InputEvent], when ready: @escaping (AppState) -> Bool) {
    steps = [first, later]
    self.ready = ready
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    self.ends = ends
  }

  deinit { for end in ends { close(end) } }

  var descriptor: Int32? { ends[0] }
  var nextDeadline: Timestamp? { nil }
  var isInteractive: Bool { true }
  func readAvailable() {}
  func handle(signal: Int32, at now: Timestamp, in state: AppState) -> InputEvent? { nil }
  func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    guard let step = steps.first else { return [] }
    return steps.count == 2 || ready(state) ? step : []
  }
  func takeNextEvents(at now: Timestamp) { steps.removeFirst() }
}

/// Runs `input` over the simulated session on a virtual clock, noting the notices shown.
private func runVirtual(
  _ text: String, configuration: SimulatedSession.Configuration = .init()
) throws -> (log: String, notices: String, state: AppState) {
  let descriptor = pipeHolding(text)
  defer { close(descriptor) }
  let log = MemorySink()
  let notices = MemorySink()
  let runtime = Runtime(
    simulating: configuration, seed: 1, state: AppState(), clock: VirtualClock(),
    renderers: [
      StreamRenderer(LogFormatter(), sink: log), StreamRenderer(NoticeFormatter(), sink: notices),
    ])
  #expect(try runtime.run(FileInput(descriptor: descriptor)) == .completed)
  return (log.text, notices.text, runtime.state)
}

@Suite(.timeLimit(.minutes(10))) struct LeavingTests {
  static let notSent = "not sent: leaving once the replies in flight arrive"

  @Test func anEchoDueExactlyAtTheDeliveryTimeoutIsDelivered() throws {
    // The session's event goes before a timer due at the same instant.
    var configuration = SimulatedSession.Configuration()
    configuration.echoDelayMilliseconds = 1000
    let run = try runVirtual("exactly on time\n", configuration: configuration)
    #expect(run.log.hasPrefix("12:00:01.000 PersonA: exactly on time\n"), "\(run.log)")
    #expect(run.state.failed.isEmpty)
    #expect(!run.log.contains("not delivered"))
  }

  @Test func onTheVirtualClockALineAfterQuitIsRefusedWithANotice() throws {
    let run = try runVirtual("hello\n/quit\nnever sent\n")
    #expect(run.notices.contains(Self.notSent), "\(run.notices)")
    #expect(run.state.messageCount == 2, "the reply in flight still arrives")
    #expect(!run.log.contains("never sent"))
  }

  @Test func onTheVirtualClockASecondQuitQuitsAtOnce() throws {
    let run = try runVirtual("hello\n/quit\n/quit\nnever read\n")
    #expect(run.state.phase == .finished)
    #expect(run.state.messageCount == 0, "no echo waited for: \(run.log)")
    #expect(run.state.outbox.map(\.text) == ["hello"])
  }

  @Test func onTheVirtualClockMessagesStillWaitForThePreviousExchange() throws {
    let run = try runVirtual("one\n/help\ntwo\n")
    let times = run.log.split(separator: "\n").map { $0.prefix(12) }
    #expect(times == ["12:00:00.100", "12:00:00.300", "12:00:00.400", "12:00:00.600"])
  }

  @Test func aLostReplyDoesNotKeepALeavingRunWaiting() throws {
    // Seed 2 with half of everything dropped: "x" is echoed, its reply is lost.
    var configuration = SimulatedSession.Configuration()
    configuration.faults.drop = 0.5
    let log = MemorySink()
    let runtime = Runtime(
      simulating: configuration, seed: 2, state: AppState(), clock: LiveClock(),
      renderers: [StreamRenderer(LogFormatter(), sink: log)])
    var countAfterEcho: Int?
    let person = Person(first: [.line("x")], later: [.ended]) { state in
      guard state.messageCount == 1 else { return false }
      countAfterEcho = state.inFlightCount
      return true
    }
    #expect(try runtime.run(person) == .completed)
    #expect(runtime.state.phase == .finished)
    #expect(runtime.state.messageCount == 1, "the echo, and no reply: \(log.text)")
    #expect(countAfterEcho == 0, "an echoed message is no longer pending")
  }

  @Test func anInputDescriptorThatIsNotOpenIsReportedNotSpunOn() throws {
    let closed: Int32 = 999
    try #require(fcntl(closed, F_GETFD) == -1, "descriptor 999 must not be open")
    let runtime = Runtime(
      simulating: .init(), seed: 1, state: AppState(), clock: LiveClock(), renderers: [])
    #expect(
      try runtime.run(FileInput(descriptor: closed)) == .failed(.notOpen(descriptor: closed)))
  }
}
