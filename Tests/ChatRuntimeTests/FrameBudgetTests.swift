import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Testing

/// Notes how many messages have entered the conversation, and when a notice was shown.
private final class ProgressRenderer: Renderer {
  private(set) var messageCount = 0
  /// `messageCount` at each notice shown.
  private(set) var noticesShownAt: [Int] = []

  func start(_ state: AppState) throws(SinkError) {}
  func render(_ state: AppState) throws(SinkError) { messageCount = state.messageCount }
  func show(_ notice: Notice, in state: AppState) throws(SinkError) {
    noticesShownAt.append(state.messageCount)
  }
  func flush() throws(SinkError) {}
  func finish(_ state: AppState) throws(SinkError) {}
}

/// Stands in for a person at a live terminal: types "hello", then notes every time the loop
/// polls it while the peer's burst is part-way delivered, and types `typedDuringBurst` at the
/// `typeAtPoll`-th such poll. Ends when nothing is scheduled any more.
private final class BurstInput: Input {
  let clock: LiveClock
  let progress: ProgressRenderer
  let burst: Int
  let typeAtPoll: Int?
  private var typedHello = false
  /// Replies delivered so far, at each poll during the burst.
  private(set) var repliesAtPolls: [Int] = []
  /// Whether every poll during the burst had a deadline at or before now (a poll that does
  /// not wait).
  private(set) var everyPollWasImmediate = true

  init(clock: LiveClock, progress: ProgressRenderer, burst: Int, typeAtPoll: Int? = nil) {
    self.clock = clock
    self.progress = progress
    self.burst = burst
    self.typeAtPoll = typeAtPoll
  }

  func wait(
    until deadline: Timestamp?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent] {
    try flush()
    guard typedHello else {
      typedHello = true
      return [.line("hello")]
    }
    guard let deadline else { return [.ended] }
    // The echo of "hello" is message 1; the replies follow it.
    let replies = progress.messageCount - 1
    guard replies > 0, replies < burst else { return [] }  // Not part-way through the burst.
    repliesAtPolls.append(replies)
    if deadline > clock.now { everyPollWasImmediate = false }
    return repliesAtPolls.count == typeAtPoll ? [.line("/help")] : []
  }
}

@Suite struct FrameBudgetTests {
  static let burst = 20_000

  /// Runs a live loop whose peer answers "hello" with a burst, after 1 ms delays.
  private static func runBurst(
    frameBudget: FrameBudget?, typeAtPoll: Int? = nil
  ) throws -> (input: BurstInput, progress: ProgressRenderer) {
    var configuration = SimulatedSession.Configuration()
    configuration.echoDelayMilliseconds = 0  // Delays are at least 1 ms.
    configuration.replyDelayMilliseconds = 0
    configuration.burst = burst
    let clock = LiveClock()
    let progress = ProgressRenderer()
    let runtime = Runtime(
      state: AppState(),
      session: SimulatedSession(configuration: configuration, ids: SeededUUIDGenerator(seed: 1)),
      clock: clock, ids: SeededUUIDGenerator(seed: 1, stream: 1), renderers: [progress],
      frameBudget: frameBudget)
    let input = BurstInput(clock: clock, progress: progress, burst: burst, typeAtPoll: typeAtPoll)
    #expect(try runtime.run(input) == .completed)
    #expect(runtime.state.messageCount == burst + 1, "the echo and every reply")
    return (input, progress)
  }

  @Test func withoutABudgetABurstIsDispatchedBeforeTheInputIsPolled() throws {
    let (input, _) = try Self.runBurst(frameBudget: nil)
    #expect(input.repliesAtPolls.isEmpty)
  }

  @Test func withABudgetTheInputIsPolledWithoutWaitingBetweenFrames() throws {
    // No time at all per frame: each frame ends at its first clock check, every 256 events,
    // so the count of frames does not depend on the machine's speed.
    let budget = FrameBudget(milliseconds: 0, eventsPerCheck: 256)
    let (input, _) = try Self.runBurst(frameBudget: budget)
    let polls = input.repliesAtPolls
    // The echo may fall due in the same frame as the burst (when the loop comes round late)
    // and then takes one event of the first frame.
    #expect(polls.count >= Self.burst / 256 - 1, "one poll after each full frame: \(polls)")
    #expect(input.everyPollWasImmediate)
    let steps = zip(polls.dropFirst(), polls).map { $0 - $1 }
    #expect(steps.allSatisfy { $0 == 256 }, "\(steps)")
  }

  @Test func aCommandTypedDuringABurstIsHandledBeforeTheBurstEnds() throws {
    let budget = FrameBudget(milliseconds: 0, eventsPerCheck: 256)
    let (input, progress) = try Self.runBurst(frameBudget: budget, typeAtPoll: 3)
    try #require(input.repliesAtPolls.count >= 3)
    // Shown right after the third frame, with the rest of the burst still to come.
    #expect(progress.noticesShownAt == [1 + input.repliesAtPolls[2]])
    #expect(input.repliesAtPolls[2] < Self.burst)
  }
}
