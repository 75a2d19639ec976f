import ChatCore
import ChatRendering
import FoundationEssentials
import LineRenderer
import Testing

@Suite(.timeLimit(.minutes(10))) struct LineFormatterTests {
  /// 12:00:00.100 UTC on the virtual epoch's day.
  static let noon = Timestamp.virtualEpoch.advanced(byMilliseconds: 100)

  /// A message as the core would have let it in: the local user's (`PersonA`) marked local.
  static func message(_ sender: String, _ text: String, id: UInt8 = 1) -> Message {
    Message(
      id: UUID(uuid: (id, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)), sender: sender,
      text: text, time: noon, isLocal: sender == AppState().localName)
  }

  /// Everything a stream renderer with `formatter` prints for a start followed by `messages`
  /// entering and `failed` failing, in one step.
  static func transcript(
    _ formatter: LineFormatter, entering messages: [Message], failing failed: [Message] = []
  ) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState()
    try? renderer.start(state)
    for message in messages { state.messages.append(message) }
    state.messageCount = messages.count
    state.failed = failed.map { FailedMessage($0, reason: "gone") }
    try? renderer.render(state)
    return sink.text
  }

  @Test func historyIsMarkedWithABarBeforeTheArrow() {
    var theirs = Self.message("Person B", "old", id: 1)
    theirs.isHistory = true
    var ours = Self.message("PersonA", "mine, earlier", id: 2)
    ours.isHistory = true
    let text = Self.transcript(
      LineFormatter(), entering: [theirs, ours, Self.message("Person B", "new", id: 3)])
    #expect(
      text == """
        Conversation
        12:00:00 | < Person B: old
        12:00:00 | > PersonA: mine, earlier
        12:00:00 < Person B: new

        """)
  }

  @Test func startsWithTheTitle() {
    let text = Self.transcript(LineFormatter(), entering: [])
    #expect(text == "Conversation\n")
  }

  @Test func ownAndPeerMessagesHaveDifferentMarkers() {
    let text = Self.transcript(
      LineFormatter(), entering: [Self.message("PersonA", "hello"), Self.message("Person B", "hi")])
    #expect(
      text == """
        Conversation
        12:00:00 > PersonA: hello
        12:00:00 < Person B: hi

        """)
  }

  @Test func timeOfDayIsShiftedByTheOffset() {
    let formatter = LineFormatter(utcOffsetSeconds: -5 * 3600 - 30 * 60)
    let text = Self.transcript(formatter, entering: [Self.message("PersonA", "x")])
    #expect(text.hasSuffix("06:30:00 > PersonA: x\n"))
  }

  @Test func failedDeliveriesAreMarked() {
    let text = Self.transcript(
      LineFormatter(), entering: [], failing: [Self.message("PersonA", "lost")])
    #expect(text.hasSuffix("12:00:00 ! not delivered: lost\n"))
  }

  @Test func aFailedMessageIsShownHarmlessly() {
    let hostile = Self.message("PersonA", "\u{1B}[2J\u{9B}1m\u{202E}x")
    let text = Self.transcript(LineFormatter(color: false), entering: [], failing: [hostile])
    #expect(text.hasSuffix("12:00:00 ! not delivered: ␛[2J<U+009B>1m<U+202E>x\n"))
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" })
  }

  @Test func withoutColourThereAreNoEscapes() {
    let text = Self.transcript(
      LineFormatter(color: false), entering: [Self.message("Person B", "hi")])
    #expect(!text.contains("\u{1B}"))
  }

  @Test func withColourTheSenderHasItsStableColour() {
    let text = Self.transcript(
      LineFormatter(color: true), entering: [Self.message("Person B", "hi")])
    let color = ANSIStyle.color(forSender: "Person B").rawValue
    #expect(text.contains("\(color)Person B\u{1B}[0m: hi\n"))
    #expect(text.hasPrefix("\u{1B}[1mConversation\u{1B}[0m\n"))
  }

  @Test func senderColoursAreStableAndSpread() {
    #expect(ANSIStyle.color(forSender: "Person B") == ANSIStyle.color(forSender: "Person B"))
    let names = ["PersonA", "Person B", "alice", "bob", "carol", "dave", "eve", "mallory"]
    #expect(Set(names.map(ANSIStyle.color(forSender:))).count >= 4)
    #expect(!names.map(ANSIStyle.color(forSender:)).contains(.red))
  }

  @Test(
    arguments: [
      (false, ["TERM": "xterm-256color"], true),
      (true, ["TERM": "xterm"], false),
      (false, ["TERM": "xterm", "NO_COLOR": "1"], false),
      (false, ["TERM": "xterm", "NO_COLOR": ""], true),
      (false, ["TERM": "dumb"], false),
      (false, [:], false),
    ] as [(Bool, [String: String], Bool)])
  func colourFollowsTheOptionAndTheEnvironment(
    noColor: Bool, environment: [String: String], expected: Bool
  ) {
    #expect(ANSIStyle.isColorWanted(noColorOption: noColor, environment: environment) == expected)
  }

  /// A message of several lines (IRC's `draft/multiline`) shows its lines together under its
  /// sender: the first after the usual prefix, the others indented as wide as the time (as
  /// the full screen shows them), each sanitised; a failed one reads the same.
  @Test func aMessageOfSeveralLinesShowsItsLinesUnderItsSender() {
    let text = Self.transcript(
      LineFormatter(width: 40),
      entering: [
        Self.message("Person B", "first\n\u{1B}[2Jsecond\n\nlast", id: 1),
        Self.message("Person B", "next", id: 2),
      ],
      failing: [Self.message("PersonA", "a\nb", id: 3)])
    #expect(
      text == """
        Conversation
        12:00:00 < Person B: first
                 ␛[2Jsecond

                 last
        12:00:00 < Person B: next
        12:00:00 ! not delivered: a
                 b

        """)
  }

  @Test func escapesInNamesAndTextsAreShownHarmlessly() {
    let hostile = Self.message("evil\u{1B}[2J", "\u{1B}]2;pwned\u{07}\r\u{9B}31m\u{202E}x")
    let text = Self.transcript(LineFormatter(color: true), entering: [hostile])
    #expect(text.contains("evil␛[2J"))
    #expect(text.contains(": ␛]2;pwned␇␍<U+009B>31m<U+202E>x\n"))
    // Every ESC left starts one of the formatter's own colours.
    let ownStyles = Set(ANSIStyle.allCases.map(\.rawValue))
    var rest = Substring(text)
    while let escape = rest.firstIndex(of: "\u{1B}") {
      let end = rest[escape...].firstIndex(of: "m")
      #expect(end.map { ownStyles.contains(String(rest[escape...$0])) } == true)
      rest = rest[rest.index(after: escape)...]
    }
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\u{1B}" })
  }

  @Test func helpAndUnknownCommandNoticesAreShown() {
    var formatter = LineFormatter()
    var output: [UInt8] = []
    formatter.format(.help, in: AppState(), into: &output)
    formatter.format(.unknownCommand("nope\u{1B}"), in: AppState(), into: &output)
    let text = String(decoding: output, as: UTF8.self)
    #expect(
      text == NoticeFormatter.text(of: .help)
        + "unknown command '/nope␛'; type /help for the list\n"
    )
    #expect(text.contains("/quit"))
  }
}
