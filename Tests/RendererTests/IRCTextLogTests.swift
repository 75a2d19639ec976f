import ChatCore
import ChatRendering
import FoundationEssentials
import JSONLinesRenderer
import LogRenderer
import Testing

/// IRC text in the piped formats: the log leaves formatting codes out and writes actions as
/// irssi logs them; JSON lines keep the text exactly and add `mention` and `msgid`.
@Suite(.timeLimit(.minutes(10))) struct IRCTextLogTests {
  static let id = UUID(uuidString: "6078BF18-0FF8-432F-911F-5A75F7215B2A")!

  static func irc(
    _ text: String, action: Bool = false, mention: Bool = false, msgid: String? = nil
  ) -> Message {
    Message(
      id: id, sender: "Bob", text: text, time: .virtualEpoch.advanced(byMilliseconds: 100),
      isAction: action, markup: .ircFormatting, isMention: mention, serverMessageID: msgid)
  }

  static func rendered(_ formatter: some TranscriptFormatter, _ messages: [Message]) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState()
    try? renderer.start(state)
    for message in messages {
      _ = update(&state, .session(.received(message)))
      try? renderer.render(state)
    }
    return sink.text
  }

  @Test func theLogLeavesFormattingCodesOut() {
    let text = "\u{2}bold\u{2} \u{3}4,12red\u{3} \u{1D}\u{1F}\u{1E}\u{11}\u{16}x\u{F} \u{4}FF0000y"
    #expect(
      Self.rendered(LogFormatter(), [Self.irc(text)]) == "12:00:00.100 Bob: bold red x y\n")
  }

  @Test func theLogShowsCodesInPlainTextAsControlPictures() {
    var plain = Self.irc("\u{2}x")
    plain.markup = .plain
    #expect(Self.rendered(LogFormatter(), [plain]) == "12:00:00.100 Bob: ␂x\n")
  }

  @Test func theLogWritesAnActionAsStarNickText() {
    #expect(
      Self.rendered(LogFormatter(), [Self.irc("waves \u{2}back", action: true)])
        == "12:00:00.100 * Bob waves back\n")
  }

  @Test func jsonLinesKeepTheTextExactlyAndMarkMentionsAndMsgids() {
    let message = Self.irc("\u{2}PersonA\u{2}: hi", mention: true, msgid: "1AA~1796116348~0")
    let line = Self.rendered(JSONLinesFormatter(), [message]).split(separator: "\n")[1]
    #expect(
      line
        == #"{"type":"message","seq":2,"conversation":"Conversation","id":"6078BF18-0FF8-432F-911F-5A75F7215B2A","sender":"Bob","text":"\u0002PersonA\u0002: hi","time":"2025-01-01T12:00:00.100Z","own":false,"mention":true,"msgid":"1AA~1796116348~0"}"#
    )
  }

  @Test func jsonLinesLeaveMentionAndMsgidOutWhenThereAreNone() {
    let line = Self.rendered(JSONLinesFormatter(), [Self.irc("hi")]).split(separator: "\n")[1]
    #expect(!line.contains("mention") && !line.contains("msgid"))
    #expect(line.hasSuffix(#""own":false}"#))
  }

  @Test(arguments: [TextMarkup.ircFormatting, .plain])
  func topicsAndReasonsLoseTheirCodesOnANetworkRun(markup: TextMarkup) {
    let sink = MemorySink()
    let renderer = StreamRenderer(LogFormatter(), sink: sink)
    var state = AppState()
    state.textMarkup = markup
    try? renderer.start(state)
    let room = ConversationName("#room")
    let time = Timestamp.virtualEpoch
    for action: Action.Session in [
      .joined(room, time: time),
      .membersListed(room, ["Bob", "PersonA"].map { Member($0) }, time: time),
      .topicChanged(room, topic: "\u{2}release\u{2} \u{3}4today", by: "Bob", time: time),
      .memberLeft("Bob", channel: room, reason: "\u{1D}bye", time: time),
    ] {
      _ = update(&state, .session(action))
      try? renderer.render(state)
    }
    let expected =
      markup == .plain
      ? ["topic set by Bob: ␂release␂ ␃4today", "Bob left (␝bye)"]
      : ["topic set by Bob: release today", "Bob left (bye)"]
    for words in expected { #expect(sink.text.contains("-- " + words + "\n"), "\(sink.text)") }
  }
}
