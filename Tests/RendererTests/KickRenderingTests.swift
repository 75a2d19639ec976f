import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// A kick, of someone else and of you: its own line in the log (`alice removed bob (why)`,
/// `alice removed you`), its own `kick` object in JSON lines, never a part with made-up words.
@Suite(.timeLimit(.minutes(10))) struct KickRenderingTests {
  static let time = Timestamp.virtualEpoch
  static let room = ConversationName("#chat")

  /// #chat with bob, bob kicked for `spam`, then you kicked without a reason.
  static func kicks(_ state: inout AppState) {
    _ = update(&state, .session(.joined(room, time: time)))
    _ = update(&state, .session(.membersListed(room, ["bob"].map { Member($0) }, time: time)))
    _ = update(
      &state, .session(.memberKicked("bob", channel: room, by: "alice", reason: "spam", time: time))
    )
    _ = update(&state, .session(.kicked(room, by: "alice", reason: nil, time: time)))
  }

  /// What `formatter` writes after the start, for `build`.
  static func rendered(_ formatter: any TranscriptFormatter, _ build: (inout AppState) -> Void)
    -> String
  {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState()
    state.sessionStatus = .connected
    try? renderer.start(state)
    let start = sink.text.utf8.count
    build(&state)
    try? renderer.render(state)
    return String(sink.text.utf8.dropFirst(start))!
  }

  @Test func theLogSaysWhoRemovedWhomAndWhy() {
    let text = Self.rendered(LogFormatter(), Self.kicks)
    #expect(
      text == """
        12:00:00.000 [#chat] -- you joined
        12:00:00.000 [#chat] -- 2 members (/names lists them)
        12:00:00.000 [#chat] -- alice removed bob (spam)
        12:00:00.000 [#chat] -- alice removed you
        12:00:00.000 [Conversation] -- now talking here

        """, "\(text)")
  }

  @Test func aKickInTheLogDirectoryGoesToTheChannelsFile() {
    var sinks: [String: MemorySink] = [:]
    let renderer = LogDirectoryRenderer { name throws(SinkError) in
      if let sink = sinks[name] { return sink }
      let sink = MemorySink()
      sinks[name] = sink
      return sink
    }
    var state = AppState()
    state.sessionStatus = .connected
    try? renderer.start(state)
    Self.kicks(&state)
    try? renderer.render(state)
    try? renderer.finish(state)
    let file = sinks.first { $0.key.contains("chat") }?.value.text ?? ""
    #expect(file.contains(" -- alice removed bob (spam)\n"), "\(sinks.mapValues(\.text))")
    #expect(file.contains(" -- alice removed you\n"), "\(file)")
    #expect(!file.contains("you left"), "\(file)")
  }

  @Test func jsonLinesWriteAKickObjectAndYoursIsFollowedByLeft() {
    let lines = Self.rendered(JSONLinesFormatter(), Self.kicks).split(separator: "\n")
    #expect(
      Array(lines.prefix(6).suffix(3)) == [
        ##"{"type":"kick","seq":5,"conversation":"#chat","by":"alice","nick":"bob","reason":"spam","time":"2025-01-01T12:00:00.000Z"}"##,
        ##"{"type":"kick","seq":6,"conversation":"#chat","by":"alice","you":true,"time":"2025-01-01T12:00:00.000Z"}"##,
        ##"{"type":"left","seq":7,"conversation":"#chat","time":"2025-01-01T12:00:00.000Z"}"##,
      ])
    #expect(!lines.contains { $0.contains("member_left") })
  }

  @Test func hostileNamesAndReasonsStayEscapedInJSONLines() throws {
    let text = Self.rendered(JSONLinesFormatter()) { state in
      _ = update(&state, .session(.joined(Self.room, time: Self.time)))
      _ = update(
        &state,
        .session(.membersListed(Self.room, ["b\u{1B}[2Jb"].map { Member($0) }, time: Self.time)))
      _ = update(
        &state,
        .session(
          .memberKicked(
            "b\u{1B}[2Jb", channel: Self.room, by: "m\u{9B}", reason: "\u{202E}x\n",
            time: Self.time)))
    }
    let kick = try #require(text.split(separator: "\n").first { $0.contains("\"kick\"") })
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(kick.utf8)) as? [String: Any])
    #expect(object["nick"] as? String == "b\u{1B}[2Jb")
    #expect(object["by"] as? String == "m\u{9B}")
    #expect(object["reason"] as? String == "\u{202E}x\n")
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" })
  }
}
