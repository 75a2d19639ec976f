import ChatCore
import ChatRendering
import ChatRuntime
import ChatScenario
import LogRenderer
import Testing

private func entries(_ list: [(Int64, Scenario.Event)]) -> Scenario {
  Scenario(entries: list.map { Scenario.Entry(milliseconds: $0.0, event: $0.1) })
}

@Suite(.timeLimit(.minutes(10))) struct ScenarioInputTests {
  private let epoch = Timestamp.virtualEpoch
  private let state = AppState()

  /// Looks at the input's next step at `now` and types it, as the runtime does.
  private func type(_ input: ScenarioInput, dueBy now: Timestamp, in state: AppState) throws
    -> [InputEvent]
  {
    let step = input.nextEvents(dueBy: now, in: state)
    if !step.isEmpty { try input.takeNextEvents(at: now) }
    return step
  }

  private func at(_ milliseconds: Int64) -> Timestamp {
    epoch.advanced(byMilliseconds: milliseconds)
  }

  @Test func aStepStaysNextUntilTaken() throws {
    let input = ScenarioInput(entries([(5, .typed("a")), (6, .typed("b"))]), startingAt: epoch)
    #expect(input.nextEvents(dueBy: at(5), in: state) == [.line("a")])
    #expect(input.nextEvents(dueBy: at(9), in: state) == [.line("a")])
    try input.takeNextEvents(at: at(9))
    #expect(input.nextEvents(dueBy: at(9), in: state) == [.line("b")])
  }

  @Test func theNextEntryIsDueAtItsTime() throws {
    let input = ScenarioInput(entries([(250, .typed("a"))]), startingAt: epoch)
    #expect(input.nextDeadline == at(250))
    #expect(try type(input, dueBy: at(249), in: state) == [])
    #expect(try type(input, dueBy: at(250), in: state) == [.line("a")])
  }

  @Test func entriesCountFromTheStart() throws {
    let input = ScenarioInput(entries([(100, .typed("a"))]), startingAt: at(40))
    #expect(input.nextDeadline == at(140))
  }

  @Test func entriesAtOneInstantArriveTogetherInFileOrder() throws {
    let input = ScenarioInput(
      entries([(5, .typed("a")), (5, .typed("b")), (5, .quit), (6, .typed("c"))]),
      startingAt: epoch)
    #expect(
      try type(input, dueBy: at(9), in: state) == [.line("a"), .line("b"), .quitRequested])
    #expect(try type(input, dueBy: at(9), in: state) == [.line("c")])
  }

  @Test func inputEndsOnceAfterTheLastEntry() throws {
    let input = ScenarioInput(entries([(5, .typed("a"))]), startingAt: epoch)
    _ = try type(input, dueBy: at(5), in: state)
    #expect(input.nextDeadline == at(5), "the end follows the last entry at once")
    #expect(try type(input, dueBy: at(5), in: state) == [.ended])
    #expect(input.nextDeadline == nil)
    #expect(try type(input, dueBy: at(500), in: state) == [])
  }

  @Test func anEndEntryEndsTheInputOnlyOnce() throws {
    let input = ScenarioInput(entries([(5, .end), (9, .quit)]), startingAt: epoch)
    #expect(try type(input, dueBy: at(5), in: state) == [.ended])
    #expect(try type(input, dueBy: at(9), in: state) == [.quitRequested])
    #expect(input.nextDeadline == nil)
    #expect(try type(input, dueBy: at(9), in: state) == [])
  }

  @Test func aPlayedScenarioShowsTheSeedsTiming() throws {
    let log = MemorySink()
    let scenario = entries([(0, .typed("one")), (100, .typed("two")), (1000, .typed("three"))])
    #expect(try scenario.play(renderers: [StreamRenderer(LogFormatter(), sink: log)]) == .completed)
    let times = log.text.split(separator: "\n").map { String($0.prefix(12)) }
    // "two" is typed at the instant "one" is echoed: the echo comes first.
    #expect(
      times == [
        "12:00:00.100", "12:00:00.200", "12:00:00.300", "12:00:00.400", "12:00:01.100",
        "12:00:01.300",
      ])
    #expect(log.text.split(separator: "\n")[1].hasSuffix("PersonA: two"))
  }

  @Test func playingTwiceGivesTheSameBytesAndTheSeedMatters() throws {
    func run(_ seed: UInt64?) throws -> [UInt8] {
      let sink = MemorySink()
      var scenario = entries([(0, .typed("x")), (10, .typed("y"))])
      scenario.seed = seed
      _ = try scenario.play(renderers: [StreamRenderer(LogFormatter(), sink: sink)])
      return sink.bytes
    }
    #expect(try run(nil) == run(nil))
    #expect(try run(nil) == run(Scenario.defaultSeed))
    #expect(try run(2) != run(1))
  }
}
