import ChatCore
import ChatRendering
import FoundationEssentials
import LineRenderer
import Testing

/// What the session says, in the line format: a timed `-!-` line, sanitised.
@Suite(.timeLimit(.minutes(10))) struct SessionNoticeLineTests {
  @Test func aSessionNoticeIsATimedLineAndTheServersPartsAreSanitised() throws {
    let sink = MemorySink()
    let renderer = StreamRenderer(LineFormatter(width: 80, utcOffsetSeconds: 0), sink: sink)
    var state = AppState()
    try renderer.start(state)
    let time = Timestamp.virtualEpoch.advanced(byMilliseconds: 1500)
    let effects = update(
      &state,
      .session(.noticed(.disconnected(reason: "bye\u{1B}[2J\u{9B}", retried: true), time: time)))
    for case .show(let notice) in effects { try renderer.show(notice, in: state) }
    try renderer.finish(state)
    #expect(sink.text == "Conversation\n12:00:01 -!- disconnected: bye␛[2J<U+009B>\n")
  }
}
