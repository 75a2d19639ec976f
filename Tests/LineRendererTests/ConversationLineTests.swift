import ChatCore
import ChatRendering
import FoundationEssentials
import LineRenderer
import Testing

/// Line mode with conversations: lines name theirs once more than one is open, events are
/// `--` lines, and names are sanitised and coloured by a fixed hash.
@Suite(.timeLimit(.minutes(10))) struct ConversationLineTests {
  static let time = Timestamp.virtualEpoch

  static func id(_ n: UInt8) -> UUID {
    UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  /// What `formatter` prints for each step, one render per step, after the start.
  static func transcript(
    _ steps: [(inout AppState) -> Void], formatter: LineFormatter = LineFormatter()
  ) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState()
    state.sessionStatus = .connected
    try? renderer.start(state)
    for step in steps {
      step(&state)
      try? renderer.render(state)
    }
    return sink.text
  }

  static func received(_ text: String, from sender: String, in conversation: String)
    -> (inout AppState) -> Void
  {
    { state in
      let message = Message(
        id: id(UInt8(state.messageCount + 1)), sender: sender, text: text, time: time,
        conversation: ConversationName(conversation))
      _ = update(&state, .session(.received(message)))
    }
  }

  @Test func withOneConversationOpenLinesAreAsBefore() {
    let text = Self.transcript([Self.received("hi", from: "Person B", in: "Conversation")])
    #expect(text == "Conversation\n12:00:00 < Person B: hi\n")
  }

  @Test func aNoticeReadsAsIrssiShowsOne() {
    let text = Self.transcript([
      { state in
        let notice = Message(
          id: Self.id(1), sender: "Bob", text: "psst", time: Self.time, isNotice: true)
        _ = update(&state, .session(.received(notice)))
      }
    ])
    #expect(text == "Conversation\n12:00:00 -Bob- psst\n")
  }

  @Test func withTwoOpenEachLineNamesItsConversation() {
    let text = Self.transcript([
      { _ = update(&$0, .session(.joined(ConversationName("#room"), time: Self.time))) },
      Self.received("in the room", from: "Bob", in: "#room"),
      Self.received("in the first", from: "Person B", in: "Conversation"),
    ])
    #expect(
      text == """
        Conversation
        12:00:00 [#room] -- you joined
        12:00:00 [#room] < Bob: in the room
        12:00:00 [Conversation] < Person B: in the first

        """)
  }

  @Test func everyEventIsALineOfItsOwn() {
    let room = ConversationName("#room")
    let text = Self.transcript([
      { _ = update(&$0, .session(.joined(room, time: Self.time))) },
      { _ = update(&$0, .session(.memberJoined(Member("Bob"), channel: room, time: Self.time))) },
      { _ = update(&$0, .session(.nickChanged(from: "Bob", to: "Rob", time: Self.time))) },
      { _ = update(&$0, .session(.topicChanged(room, topic: "t", by: "Rob", time: Self.time))) },
      { _ = update(&$0, .session(.topicChanged(room, topic: nil, by: nil, time: Self.time))) },
      {
        _ = update(&$0, .session(.memberLeft("Rob", channel: room, reason: "x", time: Self.time)))
      },
      { _ = update(&$0, .session(.memberJoined(Member("Eve"), channel: room, time: Self.time))) },
      { _ = update(&$0, .session(.memberQuit("Eve", reason: "gone", time: Self.time))) },
      {
        let ranks = [RankChange("Rob", prefix: "@", isGiven: true)]
        _ = update(
          &$0,
          .session(.modesChanged(room, modes: "+o Rob", by: "Eve", ranks: ranks, time: Self.time)))
      },
      { _ = update(&$0, .session(.invited("Dan", channel: room, by: "Eve", time: Self.time))) },
      { _ = update(&$0, .session(.left(room, reason: nil, time: Self.time))) },
    ])
    #expect(
      text == """
        Conversation
        12:00:00 [#room] -- you joined
        12:00:00 [#room] -- Bob joined
        12:00:00 [#room] -- Bob is now known as Rob
        12:00:00 [#room] -- topic set by Rob: t
        12:00:00 [#room] -- topic cleared
        12:00:00 [#room] -- Rob left (x)
        12:00:00 [#room] -- Eve joined
        12:00:00 [#room] -- Eve quit (gone)
        12:00:00 [#room] -- mode +o Rob by Eve
        12:00:00 [#room] -- Eve invited Dan to #room
        12:00:00 [#room] -- you left
        12:00:00 [Conversation] -- now talking here

        """)
  }

  @Test func aKickSaysWhoRemovedWhomAndWhyAndWhenItIsYouSaysSo() {
    let room = ConversationName("#room")
    let text = Self.transcript([
      { _ = update(&$0, .session(.joined(room, time: Self.time))) },
      { _ = update(&$0, .session(.memberJoined(Member("bob"), channel: room, time: Self.time))) },
      {
        _ = update(
          &$0,
          .session(.memberKicked("bob", channel: room, by: "alice", reason: nil, time: Self.time)))
      },
      { _ = update(&$0, .session(.kicked(room, by: "alice", reason: "why", time: Self.time))) },
    ])
    #expect(
      text == """
        Conversation
        12:00:00 [#room] -- you joined
        12:00:00 [#room] -- bob joined
        12:00:00 [#room] -- alice removed bob
        12:00:00 [#room] -- alice removed you (why)
        12:00:00 [Conversation] -- now talking here

        """)
  }

  @Test func hostileNamesAndReasonsAreSanitised() {
    let room = ConversationName("#\u{202E}moor")
    let text = Self.transcript([
      { _ = update(&$0, .session(.joined(room, time: Self.time))) },
      {
        _ = update(
          &$0, .session(.memberJoined(Member("B\u{1B}[2Jb"), channel: room, time: Self.time)))
      },
      {
        _ = update(
          &$0,
          .session(.memberLeft("B\u{1B}[2Jb", channel: room, reason: "\u{9B}31m", time: Self.time)))
      },
      {
        _ = update(
          &$0,
          .session(
            .kicked(room, by: "M\u{1B}]0;x\u{7}", reason: "\u{202E}out", time: Self.time)))
      },
    ])
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{9B}" })
    #expect(text.contains("[#<U+202E>moor] -- B␛[2Jb left (<U+009B>31m)"))
    #expect(text.contains("[#<U+202E>moor] -- M␛]0;x␇ removed you (<U+202E>out)"))
  }

  @Test func conversationNamesHaveAStableColourAndNoneWithoutColour() {
    let steps: [(inout AppState) -> Void] = [
      { _ = update(&$0, .session(.joined(ConversationName("#room"), time: Self.time))) },
      Self.received("hi", from: "Bob", in: "#room"),
    ]
    let coloured = Self.transcript(steps, formatter: LineFormatter(color: true))
    let colour = ANSIStyle.color(forConversation: ConversationName("#room")).rawValue
    #expect(coloured.contains(" [" + colour + "#room" + ANSIStyle.reset.rawValue + "]"))
    #expect(colour == ANSIStyle.color(forConversation: ConversationName("#room")).rawValue)
    #expect(!Self.transcript(steps, formatter: LineFormatter(color: false)).contains("\u{1B}"))
  }
}
