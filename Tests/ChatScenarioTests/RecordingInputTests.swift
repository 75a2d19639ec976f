import ChatCore
import ChatRendering
import ChatRuntime
import ChatScenario
import ChatSession
import LogRenderer
import Testing

/// An input that reports scripted events at their times, and otherwise waits like a
/// virtual-time input: by moving the clock to the session's deadline.
private final class ScriptedInput: ChatRuntime.Input {
  private var script: [(Int64, [InputEvent])]
  private let clock: VirtualClock

  init(_ script: [(Int64, [InputEvent])], clock: VirtualClock) {
    self.script = script
    self.clock = clock
  }

  func wait(
    until deadline: Timestamp?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent] {
    let due = script.first.map { Timestamp.virtualEpoch.advanced(byMilliseconds: $0.0) }
    if let deadline, due.map({ deadline < $0 }) ?? true {
      clock.advance(to: deadline)
      return []
    }
    guard let due else { return [] }
    clock.advance(to: due)
    return script.removeFirst().1
  }
}

private func noFlush() throws(SinkError) {}

@Suite(.timeLimit(.minutes(2))) struct RecordingInputTests {
  @Test func recordsEachEventWithItsTimeAfterAHeader() throws {
    let clock = VirtualClock()
    let sink = MemorySink()
    let inner = ScriptedInput(
      [
        (0, [.line("hi")]), (0, []), (1250, [.line(" padded"), .line("")]),
        (2000, [.quitRequested, .ended]), (2500, [.terminated(signal: 15)]),
      ], clock: clock)
    let recorder = try RecordingInput(
      wrapping: inner, clock: clock, settings: Scenario(seed: 3, name: "A", peer: "B"),
      comment: "test", sink: sink)
    #expect(sink.text == "# test\nseed 3\nname A\npeer B\n\n", "the header is written at once")
    var seen: [InputEvent] = []
    for _ in 0..<5 { seen += try recorder.wait(until: nil, flush: noFlush) }
    #expect(seen.count == 6, "events pass through unchanged")
    #expect(
      sink.text == """
        # test
        seed 3
        name A
        peer B

        0.000s | hi
        1.250s " padded"
        1.250s |
        2.000s quit
        2.000s end
        # stopped by signal 15 at 2.500s

        """)
  }

  @Test func playingARecordingReproducesTheRun() throws {
    // Record a run driven by one input, then play the recording: same log, byte for byte.
    let recording = MemorySink()
    let original = MemorySink()
    do {
      let clock = VirtualClock()
      let inner = ScriptedInput(
        [
          (0, [.line("a")]), (50, [.line("b"), .line("/help")]), (700, [.line("c")]),
          (800, [.ended]),
        ],
        clock: clock)
      let recorder = try RecordingInput(
        wrapping: inner, clock: clock, settings: Scenario(seed: 4, name: "Me", peer: "You"),
        sink: recording)
      var state = AppState()
      state.localName = "Me"
      let runtime = Runtime(
        state: state,
        session: SimulatedSession(
          configuration: .init(peerName: "You"), ids: SeededUUIDGenerator(seed: 4)),
        clock: clock, ids: SeededUUIDGenerator(seed: 4, stream: 1),
        renderers: [StreamRenderer(LogFormatter(), sink: original)])
      _ = try runtime.run(recorder)
    }
    let replayed = MemorySink()
    let scenario = try ScenarioParser.parse(recording.bytes, file: "recording")
    _ = try scenario.play(renderers: [StreamRenderer(LogFormatter(), sink: replayed)])
    #expect(!original.bytes.isEmpty)
    #expect(replayed.text == original.text)
  }

  @Test func everyEntryIsFlushedAsSoonAsItIsWritten() throws {
    final class CountingSink: TextSink {
      var calls: [String] = []
      func write(_ bytes: [UInt8]) throws(SinkError) { calls.append("write") }
      func flush() throws(SinkError) { calls.append("flush") }
    }
    let clock = VirtualClock()
    let sink = CountingSink()
    let inner = ScriptedInput([(0, [.line("a")]), (5, [.line("b"), .ended])], clock: clock)
    let recorder = try RecordingInput(
      wrapping: inner, clock: clock, settings: Scenario(seed: 1), sink: sink)
    _ = try recorder.wait(until: nil, flush: noFlush)
    _ = try recorder.wait(until: nil, flush: noFlush)
    #expect(sink.calls == Array(repeating: ["write", "flush"], count: 4).flatMap { $0 })
  }
}
