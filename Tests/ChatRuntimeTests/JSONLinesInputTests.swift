import ChatCore
import Glibc
import Testing

@testable import ChatRuntime

/// `--input jsonl` read from a real pipe: one step per line, a bad line reported by its
/// number, and every other line still read.
@Suite(.timeLimit(.minutes(10))) struct JSONLinesInputTests {
  /// Every event `input` gives, step by step, until it ends.
  private func events(of input: JSONLinesInput) throws -> [InputEvent] {
    var all: [InputEvent] = []
    let state = AppState()
    for _ in 0..<1000 {
      if input.nextEvents(dueBy: .virtualEpoch, in: state).isEmpty { input.readAvailable() }
      let step = input.nextEvents(dueBy: .virtualEpoch, in: state)
      try input.takeNextEvents(at: .virtualEpoch)
      all += step
      if step.contains(.ended) { return all }
    }
    Issue.record("the input never ended")
    return all
  }

  @Test func aBadLineIsReportedByNumberAndTheLinesAfterItAreRead() throws {
    let descriptor = pipeHolding(
      """
      {"type":"join","conversation":"#ops"}

      {"type":"send","text":"deploy done"
      {"type":"send","conversation":"#ops","text":"deploy done"}\r
      {"type":"quit"}
      """)
    defer { close(descriptor) }
    #expect(
      try events(of: JSONLinesInput(descriptor: descriptor)) == [
        .request(.join("#ops", key: nil)),
        .malformedLine(
          number: 3, problem: "not JSON: the line ends inside the JSON value at byte 36"),
        .request(.send("deploy done", to: "#ops")), .request(.quit(reason: nil)), .ended,
      ])
  }

  @Test func aLineTooLongIsSkippedWholeAndCountedOnce() throws {
    let long = #"{"type":"send","text":""# + String(repeating: "x", count: 200) + #""}"#
    let descriptor = pipeHolding(long + "\n" + #"{"type":"send","text":"after"}"# + "\n" + long)
    defer { close(descriptor) }
    let tooLong = "longer than 64 bytes"
    #expect(
      try events(of: JSONLinesInput(descriptor: descriptor, maximumLineLength: 64)) == [
        .malformedLine(number: 1, problem: tooLong), .request(.send("after", to: nil)),
        .malformedLine(number: 3, problem: tooLong), .ended,
      ])
  }

  @Test func invalidUTF8IsReportedNotReplaced() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let bytes: [UInt8] =
      Array(#"{"type":"send","text":"a"#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
    #expect(write(ends[1], bytes, bytes.count) == bytes.count)
    close(ends[1])
    #expect(
      try events(of: JSONLinesInput(descriptor: ends[0])) == [
        .malformedLine(number: 1, problem: "not JSON: invalid UTF-8 at byte 25"), .ended,
      ])
  }
}
