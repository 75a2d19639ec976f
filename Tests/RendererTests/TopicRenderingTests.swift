import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// A topic in the piped formats goes the way a message's text does: the log (and the notices
/// on standard error, `/topic`) leave IRC formatting codes out and never show them as control
/// pictures; JSON lines keep the topic exactly, escaped. Hostile escapes stay stand-ins.
@Suite(.timeLimit(.minutes(10))) struct TopicRenderingTests {
  static let time = Timestamp.virtualEpoch
  static let room = ConversationName("#room")
  static let topic = "\u{2}release\u{2} \u{3}4,2day\u{F} \u{1D}soon\u{1D} \u{1B}]0;x\u{7}\u{9B}"

  /// A network run in #room: the topic arrives (332 or `TOPIC`), then `/topic` asks for it.
  /// Returns what `formatter` wrote after the start.
  static func rendered(_ formatter: any TranscriptFormatter) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    state.textMarkup = .ircFormatting
    state.sessionStatus = .connected
    try? renderer.start(state)
    let start = sink.text.utf8.count
    _ = update(&state, .session(.joined(room, time: time)))
    _ = update(&state, .session(.topicChanged(room, topic: topic, by: "bob", time: time)))
    try? renderer.render(state)
    for effect in update(&state, .user(.submitted(text: "/topic", id: UUID(), time: time))) {
      if case .show(let notice) = effect { try? renderer.show(notice, in: state) }
    }
    return String(sink.text.utf8.dropFirst(start))!
  }

  static let pictures = ["␂", "␃", "␏", "␝"]

  @Test func theLogLeavesATopicsFormattingOut() {
    let text = Self.rendered(LogFormatter())
    #expect(
      text.contains("[#room] -- topic set by bob: release day soon ␛]0;x␇<U+009B>\n"), "\(text)")
    for picture in Self.pictures { #expect(!text.contains(picture), "\(text)") }
  }

  @Test func slashTopicOnStandardErrorLeavesTheFormattingOut() {
    let text = Self.rendered(NoticeFormatter())
    #expect(text == "topic of #room: release day soon ␛]0;x␇<U+009B>\n", "\(text)")
  }

  @Test func aSimulatedRunsTopicIsPlainTextAndShowsEveryCharacter() {
    #expect(
      NoticeFormatter.text(of: .topic(Self.room, "\u{2}x")) == "topic of #room: ␂x\n")
  }

  @Test func theLogDirectoryLeavesATopicsFormattingOut() {
    var sinks: [String: MemorySink] = [:]
    let renderer = LogDirectoryRenderer { name throws(SinkError) in
      if let sink = sinks[name] { return sink }
      let sink = MemorySink()
      sinks[name] = sink
      return sink
    }
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    state.textMarkup = .ircFormatting
    try? renderer.start(state)
    _ = update(&state, .session(.joined(Self.room, time: Self.time)))
    _ = update(
      &state, .session(.topicChanged(Self.room, topic: Self.topic, by: nil, time: Self.time)))
    try? renderer.render(state)
    let file = sinks.first { $0.key.contains("room") }?.value.text ?? ""
    #expect(file.contains(" -- topic set: release day soon ␛]0;x␇<U+009B>\n"), "\(sinks)")
  }

  @Test func jsonLinesKeepTheTopicExactlyAndEscaped() throws {
    let text = Self.rendered(JSONLinesFormatter())
    let line = try #require(text.split(separator: "\n").first { $0.contains(#""type":"topic""#) })
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["topic"] as? String == Self.topic)
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{2}" })
  }
}
