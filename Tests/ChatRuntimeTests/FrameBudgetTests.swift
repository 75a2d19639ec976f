import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Glibc
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

/// Stands in for a person at a live terminal: types `first` when first asked, then notes
/// every look the loop takes while the peer's burst is part-way delivered and types
/// `script[n]` at the n-th such look. (It has no descriptor: the loop's wait between frames
/// polls nothing but still lets it speak.)
private final class BurstInput: Input {
  let progress: ProgressRenderer
  let burst: Int
  private var first: [InputEvent]?
  let script: [Int: [InputEvent]]
  /// Replies delivered so far, at each look during the burst.
  private(set) var repliesAtPolls: [Int] = []

  init(progress: ProgressRenderer, burst: Int, first: [InputEvent], script: [Int: [InputEvent]]) {
    self.progress = progress
    self.burst = burst
    self.first = first
    self.script = script
  }

  var descriptor: Int32? { nil }
  var nextDeadline: Timestamp? { nil }
  var isInteractive: Bool { true }
  func readAvailable() {}
  func handle(signal: Int32, at now: Timestamp, in state: AppState) -> InputEvent? { nil }

  /// The step looked at and not yet taken.
  private var pending: [InputEvent] = []

  func takeNextEvents(at now: Timestamp) { pending = [] }

  func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    if !pending.isEmpty { return pending }
    if let first {
      self.first = nil
      pending = first
      return pending
    }
    // The echo of "hello" is message 1; the replies follow it.
    let replies = progress.messageCount - 1
    guard replies > 0, replies < burst else { return [] }  // Not part-way through the burst.
    // One look per wait: the loop asks again at once when given a step.
    if repliesAtPolls.last == replies { return [] }
    repliesAtPolls.append(replies)
    pending = script[repliesAtPolls.count] ?? []
    return pending
  }
}

@Suite(.timeLimit(.minutes(10))) struct FrameBudgetTests {
  static let burst = 20_000
  /// No time at all per frame: each frame ends at its first clock check, every 256 events, so
  /// the frames do not depend on the machine's speed.
  static let everyCheck = FrameBudget(milliseconds: 0, eventsPerCheck: 256)

  /// Runs a live loop whose peer answers "hello" with a burst, after 1 ms delays.
  private static func runBurst(
    frameBudget: FrameBudget?, first: [InputEvent] = [.line("hello")],
    script: [Int: [InputEvent]] = [:]
  ) throws -> (input: BurstInput, progress: ProgressRenderer, state: AppState) {
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
    let input = BurstInput(progress: progress, burst: burst, first: first, script: script)
    _ = try runtime.run(input)
    return (input, progress, runtime.state)
  }

  @Test func withoutABudgetABurstIsDispatchedBeforeTheInputIsPolled() throws {
    let run = try Self.runBurst(frameBudget: nil)
    #expect(run.input.repliesAtPolls.isEmpty)
    #expect(run.state.messageCount == Self.burst + 1, "the echo and every reply")
  }

  @Test func withABudgetTheInputIsPolledWithoutWaitingBetweenFrames() throws {
    let run = try Self.runBurst(frameBudget: Self.everyCheck)
    let polls = run.input.repliesAtPolls
    // The echo may fall due in the same frame as the burst (when the loop comes round late)
    // and then takes one event of the first frame.
    #expect(polls.count >= Self.burst / 256 - 1, "one poll after each full frame: \(polls)")
    let steps = zip(polls.dropFirst(), polls).map { $0 - $1 }
    #expect(steps.allSatisfy { $0 == 256 }, "\(steps)")
    #expect(run.state.messageCount == Self.burst + 1, "the echo and every reply")
  }

  @Test func aCommandTypedDuringABurstIsHandledBeforeTheBurstEnds() throws {
    let run = try Self.runBurst(frameBudget: Self.everyCheck, script: [3: [.line("/help")]])
    let polls = run.input.repliesAtPolls
    try #require(polls.count >= 3)
    // Shown right after the third frame, with the rest of the burst still to come.
    #expect(run.progress.noticesShownAt == [1 + polls[2]])
    #expect(polls[2] < Self.burst)
  }

  @Test func aBurstThatArrivesAsTheAppFinishesIsStillShownWhole() throws {
    // Input ends at once: the first reply settles the run, the rest arrive with it.
    let run = try Self.runBurst(frameBudget: Self.everyCheck, first: [.line("hello"), .ended])
    #expect(run.state.phase == .finished)
    #expect(run.input.repliesAtPolls.count >= Self.burst / 256 - 1, "frames after finishing")
    #expect(run.state.messageCount == Self.burst + 1, "the echo and every reply")
  }

  @Test func endingTheInputDuringABurstStillShowsItWhole() throws {
    // The first Ctrl-D: nothing the user sent is in flight, so the app finishes at once, but
    // the replies already due are shown.
    let run = try Self.runBurst(frameBudget: Self.everyCheck, script: [3: [.ended]])
    #expect(run.state.phase == .finished)
    #expect(run.state.messageCount == Self.burst + 1, "the echo and every reply")
  }

  @Test func aSecondQuitWithAMessageInFlightLeavesTheRestOfABurst() throws {
    let run = try Self.runBurst(
      frameBudget: Self.everyCheck,
      script: [3: [.line("more"), .line("/quit"), .line("/quit")]])
    let polls = run.input.repliesAtPolls
    try #require(polls.count == 3)
    #expect(run.state.messageCount == 1 + polls[2])
    #expect(run.state.outbox.map(\.text) == ["more"], "never echoed")
  }

  @Test(arguments: [InputEvent.quitRequested, .terminated(signal: SIGINT)])
  func quittingAtOnceWhileLeavingLeavesTheRestOfABurst(_ event: InputEvent) throws {
    let run = try Self.runBurst(
      frameBudget: Self.everyCheck, first: [.line("hello"), .ended], script: [3: [event]])
    let polls = run.input.repliesAtPolls
    try #require(polls.count == 3)
    #expect(run.state.messageCount == 1 + polls[2])
  }
}
