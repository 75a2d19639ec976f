import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// The `read` and `typing` objects (IRC `draft/read-marker` and `+typing`), and the human
/// renderers' silence about both (the prompt and `/list` say them instead).
@Suite(.timeLimit(.minutes(10))) struct JSONLinesMarkerTests {
  private let room = ConversationName("#room")
  private let time = Timestamp.virtualEpoch

  /// What a renderer of `formatter` writes for what `build` does after the start.
  private func written(
    _ formatter: some TranscriptFormatter, _ build: (inout AppState) -> Void
  ) -> [String] {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    state.sessionStatus = .connected
    _ = update(&state, .session(.joined(room, time: time)))
    _ = update(&state, .session(.joined(ConversationName("#other"), time: time)))
    try? renderer.start(state)
    build(&state)
    try? renderer.render(state)
    return sink.text.split(separator: "\n").map(String.init)
  }

  private func events(_ state: inout AppState) {
    let later = time.advanced(byMilliseconds: 1500)
    _ = update(
      &state,
      .session(
        .received(
          Message(
            id: UUID(), sender: "bob", text: "hi", time: later, conversation: room))))
    _ = update(&state, .session(.markedRead(room, upTo: later)))
    _ = update(&state, .session(.memberTyping("bob", in: room, .active, time: later)))
    _ = update(&state, .session(.memberTyping("bob", in: room, .paused, time: later)))
  }

  @Test func aMarkerAndTypingAreObjectsOfTheirOwn() {
    // The events of a step come before its messages: the message (seq 5) after them.
    let lines = written(JSONLinesFormatter(), events).filter { !$0.contains(#""type":"message""#) }
    #expect(
      Array(lines.dropFirst()) == [
        ##"{"type":"read","seq":2,"conversation":"#room","unread":0,"mentions":0,"time":"2025-01-01T12:00:01.500Z"}"##,
        ##"{"type":"typing","seq":3,"conversation":"#room","nick":"bob","state":"active","time":"2025-01-01T12:00:01.500Z"}"##,
        ##"{"type":"typing","seq":4,"conversation":"#room","nick":"bob","state":"paused","time":"2025-01-01T12:00:01.500Z"}"##,
      ], "\(lines)")
  }

  @Test func theLogSaysNeither() {
    let lines = written(LogFormatter(utcOffsetSeconds: 0), events)
    #expect(!lines.contains { $0.contains("typing") || $0.contains("read") }, "\(lines)")
  }

  @Test(arguments: [
    ([String](), nil), (["bob"], "bob is typing"), (["bob", "carol"], "bob and carol are typing"),
    (["bob", "carol", "dan", "eve"], "bob, carol and 2 more are typing"),
    (["\u{202E}evil"], "<U+202E>evil is typing"),
  ])
  func whoIsTypingInWords(_ nicks: [String], _ words: String?) {
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    _ = update(&state, .session(.joined(room, time: time)))
    for nick in nicks {
      _ = update(&state, .session(.memberTyping(nick, in: room, .active, time: time)))
    }
    // Someone typing elsewhere is not said here.
    _ = update(
      &state, .session(.memberTyping("zed", in: ConversationName("irc.test"), .active, time: time)))
    #expect(TypingText.words(for: state) == words)
  }
}
