import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import LineRenderer

/// A topic in line mode reads as a message's text does: IRC formatting as styles with colour,
/// left out without, never as control pictures; hostile escapes still sanitised. The topic of
/// a join (332), a `TOPIC` change and `/topic` alike.
@Suite(.timeLimit(.minutes(10))) struct TopicLineTests {
  static let time = Timestamp.virtualEpoch
  static let room = ConversationName("#room")
  /// Bold, a colour, a reset, italics, and an escape sequence that must not act.
  static let topic = "\u{2}release\u{2} \u{3}4day\u{F} \u{1D}soon\u{1D} \u{1B}[2J"

  /// What line mode prints for a network run that joins #room and learns its topic, then is
  /// asked `/topic`.
  static func transcript(color: Bool) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(LineFormatter(color: color), sink: sink)
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    state.textMarkup = .ircFormatting
    state.sessionStatus = .connected
    try? renderer.start(state)
    _ = update(&state, .session(.joined(room, time: time)))
    _ = update(&state, .session(.topicChanged(room, topic: topic, by: "bob", time: time)))
    try? renderer.render(state)
    for effect in update(&state, .user(.submitted(text: "/topic", id: UUID(), time: time))) {
      if case .show(let notice) = effect { try? renderer.show(notice, in: state) }
    }
    return sink.text
  }

  @Test func withoutColourATopicsFormattingIsLeftOut() {
    let text = Self.transcript(color: false)
    #expect(text.contains("[#room] -- topic set by bob: release day soon ␛[2J\n"), "\(text)")
    #expect(text.contains("\ntopic of #room: release day soon ␛[2J\n"), "\(text)")
    for picture in ["␂", "␃", "␏", "␝"] { #expect(!text.contains(picture), "\(text)") }
  }

  @Test func withColourATopicsFormattingIsShownAsAMessagesIs() {
    let text = Self.transcript(color: true)
    let styled =
      "\u{1B}[1mrelease\u{1B}[0m \u{1B}[38;5;9mday\u{1B}[0m \u{1B}[3msoon\u{1B}[0m ␛[2J"
    #expect(text.contains("topic set by bob: \u{1B}[0m" + styled), "\(text.debugDescription)")
    #expect(text.contains("topic of #room: \u{1B}[0m" + styled), "\(text.debugDescription)")
    for picture in ["␂", "␃", "␏", "␝"] { #expect(!text.contains(picture), "\(text)") }
    // The only escapes written are the formatter's own styles: the topic's `ESC [2J` is a
    // stand-in.
    #expect(!text.contains("\u{1B}[2J"))
  }
}
