import ChatCore
import ChatRendering
import ChatRuntime
import ChatScenario
import LogRenderer
import Testing

private func entries(_ list: [(Int64, Scenario.Event)]) -> Scenario {
  Scenario(entries: list.map { Scenario.Entry(milliseconds: $0.0, event: $0.1) })
}

private func noFlush() throws(SinkError) {}

@Suite(.timeLimit(.minutes(2))) struct ScenarioInputTests {
  private let epoch = Timestamp.virtualEpoch

  @Test func waitingJumpsToTheNextEntry() throws {
    let clock = VirtualClock()
    let input = ScenarioInput(entries([(250, .typed("a"))]), clock: clock)
    #expect(try input.wait(until: nil, flush: noFlush) == [.line("a")])
    #expect(clock.now == epoch.advanced(byMilliseconds: 250))
  }

  @Test func aSessionDeadlineBeforeOrAtTheEntryComesFirst() throws {
    let clock = VirtualClock()
    let input = ScenarioInput(entries([(100, .typed("a"))]), clock: clock)
    #expect(try input.wait(until: epoch.advanced(byMilliseconds: 40), flush: noFlush) == [])
    #expect(clock.now == epoch.advanced(byMilliseconds: 40))
    #expect(try input.wait(until: epoch.advanced(byMilliseconds: 100), flush: noFlush) == [])
    #expect(clock.now == epoch.advanced(byMilliseconds: 100))
    #expect(
      try input.wait(until: epoch.advanced(byMilliseconds: 300), flush: noFlush) == [.line("a")])
    #expect(clock.now == epoch.advanced(byMilliseconds: 100))
  }

  @Test func entriesAtOneInstantArriveTogetherInFileOrder() throws {
    let clock = VirtualClock()
    let input = ScenarioInput(
      entries([(5, .typed("a")), (5, .typed("b")), (5, .quit), (6, .typed("c"))]), clock: clock)
    #expect(try input.wait(until: nil, flush: noFlush) == [.line("a"), .line("b"), .quitRequested])
    #expect(try input.wait(until: nil, flush: noFlush) == [.line("c")])
  }

  @Test func inputEndsOnceAfterTheLastEntryThenOnlyTheClockMoves() throws {
    let clock = VirtualClock()
    let input = ScenarioInput(entries([(5, .typed("a"))]), clock: clock)
    _ = try input.wait(until: nil, flush: noFlush)
    let later = epoch.advanced(byMilliseconds: 500)
    #expect(try input.wait(until: later, flush: noFlush) == [.ended])
    #expect(clock.now == epoch.advanced(byMilliseconds: 5))
    #expect(try input.wait(until: later, flush: noFlush) == [])
    #expect(clock.now == later)
    #expect(try input.wait(until: nil, flush: noFlush) == [])
  }

  @Test func anEndEntryEndsTheInputOnlyOnce() throws {
    let clock = VirtualClock()
    let input = ScenarioInput(entries([(5, .end), (9, .quit)]), clock: clock)
    #expect(try input.wait(until: nil, flush: noFlush) == [.ended])
    #expect(try input.wait(until: nil, flush: noFlush) == [.quitRequested])
    #expect(try input.wait(until: nil, flush: noFlush) == [])
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
