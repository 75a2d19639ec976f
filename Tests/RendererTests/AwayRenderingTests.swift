import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// `away-notify` in the piped formats: a log line and an `away` object per conversation.
@Suite(.timeLimit(.minutes(10))) struct AwayRenderingTests {
  private let time = Timestamp.virtualEpoch
  private let room = ConversationName("#room")

  /// What `formatter` writes for joining #room with Bob, Bob going away and coming back.
  private func rendered(_ formatter: some TranscriptFormatter) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState()
    state.sessionStatus = .connected
    try? renderer.start(state)
    for action: Action.Session in [
      .joined(room, time: time), .membersListed(room, ["Bob"].map { Member($0) }, time: time),
      .memberAwayChanged("Bob", message: "lunch", time: time),
      .memberAwayChanged("Bob", message: nil, time: time),
    ] {
      _ = update(&state, .session(action))
      try? renderer.render(state)
    }
    return sink.text
  }

  @Test func theLogSaysAwayWithTheMessageAndBack() {
    let text = rendered(LogFormatter())
    #expect(text.contains("-- Bob is away: lunch\n"), "\(text)")
    #expect(text.contains("-- Bob is back\n"), "\(text)")
  }

  @Test func jsonLinesWriteAnAwayObjectWithTheMessageOrNull() throws {
    let lines = rendered(JSONLinesFormatter()).split(separator: "\n").map(String.init)
    let away = lines.filter { $0.contains(#""type":"away""#) }
    #expect(
      away == [
        ##"{"type":"away","seq":5,"conversation":"#room","nick":"Bob","message":"lunch","time":"2025-01-01T12:00:00.000Z"}"##,
        ##"{"type":"away","seq":6,"conversation":"#room","nick":"Bob","message":null,"time":"2025-01-01T12:00:00.000Z"}"##,
      ], "\(lines)")
  }
}
