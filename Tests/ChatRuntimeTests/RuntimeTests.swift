import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// Runs the real loop on the virtual clock over a real pipe holding `input`.
private func runVirtual(
  _ input: String, seed: UInt64 = 1
) throws -> (log: String, jsonl: String, state: AppState) {
  let descriptor = pipeHolding(input)
  defer { close(descriptor) }
  let clock = VirtualClock()
  let log = MemorySink()
  let jsonl = MemorySink()
  let runtime = Runtime(
    state: AppState(),
    session: SimulatedSession(ids: SeededUUIDGenerator(seed: seed)),
    clock: clock,
    ids: SeededUUIDGenerator(seed: seed, stream: 1),
    renderers: [
      StreamRenderer(LogFormatter(), sink: log), StreamRenderer(JSONLinesFormatter(), sink: jsonl),
    ]
  )
  let outcome = try runtime.run(FileInput(descriptor: descriptor))
  #expect(outcome == .completed)
  return (log.text, jsonl.text, runtime.state)
}

@Suite(.timeLimit(.minutes(2))) struct RuntimeTests {
  @Test func afterInputEndsEveryEchoAndReplyStillArrives() throws {
    let run = try runVirtual("one\ntwo\nthree\n")
    let lines = run.log.split(separator: "\n")
    #expect(lines.count == 6)
    #expect(
      lines.filter { $0.contains(" PersonA: ") }.map { $0.split(separator: " ").last } == [
        "one", "two", "three",
      ])
    #expect(lines.filter { $0.contains(" Person B: ") }.count == 3)
    #expect(run.state.phase == .finished)
    #expect(run.state.isSettled)
  }

  @Test func pipedLinesAreTypedOneExchangeAtATimeOnTheVirtualClock() throws {
    let run = try runVirtual("one\ntwo\n")
    let times = run.log.split(separator: "\n").map { $0.prefix(12) }
    #expect(times == ["12:00:00.100", "12:00:00.300", "12:00:00.400", "12:00:00.600"])
  }

  @Test func aFinalLineWithoutNewlineIsStillSent() throws {
    let run = try runVirtual("first\nlast")
    #expect(run.log.contains("PersonA: last\n"))
    #expect(run.state.messageCount == 4)
  }

  @Test func blankLinesSendNothingAndTheRunStillEnds() throws {
    let run = try runVirtual("\n   \n\t\n")
    #expect(run.log.isEmpty)
    #expect(run.state.phase == .finished)
  }

  @Test func quitCommandStopsReadingButWaitsForTheReply() throws {
    let run = try runVirtual("hello\n/quit\nnever sent\n")
    #expect(run.state.messageCount == 2)
    #expect(!run.log.contains("never sent"))
  }

  @Test func sameSeedGivesAByteIdenticalTranscriptAndAnotherSeedDiffers() throws {
    let input = "a\nb\nc\n"
    #expect(try runVirtual(input, seed: 5).jsonl == runVirtual(input, seed: 5).jsonl)
    #expect(try runVirtual(input, seed: 5).jsonl != runVirtual(input, seed: 6).jsonl)
  }

  @Test func jsonTranscriptOpensWithTheSchemaAndClosesWithEnd() throws {
    let lines = try runVirtual("hi\n").jsonl.split(separator: "\n")
    #expect(lines.first?.hasPrefix(#"{"type":"start","seq":1,"schema":2"#) == true)
    #expect(lines.last == #"{"type":"end","seq":6,"messages":2,"failed":0,"pending":0}"#)
  }

  @Test func liveRunDeliversEverythingInRealTime() throws {
    let input = pipeHolding("x\ny\n")
    defer { close(input) }
    let clock = LiveClock()
    let log = MemorySink()
    let runtime = Runtime(
      state: AppState(), session: SimulatedSession(ids: SeededUUIDGenerator(seed: 1)),
      clock: clock, ids: SeededUUIDGenerator(seed: 1, stream: 1),
      renderers: [StreamRenderer(LogFormatter(), sink: log)])
    let started = clock.now
    #expect(try runtime.run(FileInput(descriptor: input)) == .completed)
    let elapsed = started.milliseconds(to: clock.now)
    #expect(runtime.state.messageCount == 4)
    #expect(elapsed >= 300, "the reply comes 300 ms after sending; took \(elapsed) ms")
  }
}
