import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import ScreenRenderer

/// The whole screen drawn from a state: layout, the active conversation's rows, the side
/// lists, scrolling back and the marker of what arrived meanwhile, hostile text.
@Suite struct ScreenModelTests {
  static let time = Timestamp.virtualEpoch

  static func id(_ n: Int) -> UUID {
    UUID(uuid: (UInt8(n & 0xFF), UInt8(n >> 8), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  /// A model that has seen a state with `#a` (bob and carol in it) and `#b` open, `#a`
  /// active, and that state.
  static func twoChannels() -> (ScreenModel, AppState) {
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    state.sessionStatus = .connected
    var model = ScreenModel(color: false, utcOffsetSeconds: 0)
    model.start(state)
    for channel in ["#a", "#b"] {
      _ = update(&state, .session(.joined(ConversationName(channel), time: time)))
    }
    _ = update(
      &state,
      .session(
        .membersListed(
          ConversationName("#a"), ["alice", "bob", "carol"].map { Member($0) }, time: time)))
    _ = update(&state, .user(.submitted(text: "/win 2", id: id(9000), time: time)))
    model.note(state)
    return (model, state)
  }

  static func receive(
    _ text: String, from sender: String, in channel: String, _ state: inout AppState
  ) {
    let message = Message(
      id: id(state.messageCount + 1), sender: sender, text: text, time: time,
      conversation: ConversationName(channel))
    _ = update(&state, .session(.received(message)))
  }

  @Test func drawsTitleListsMessagesStatusAndInput() {
    var (model, state) = Self.twoChannels()
    Self.receive("hello", from: "bob", in: "#a", &state)
    Self.receive("elsewhere", from: "dave", in: "#b", &state)
    model.note(state)
    let (grid, cursor) = model.paint(
      state, width: 90, height: 7, input: InputRow(text: "typed", cursor: 5))
    #expect(
      grid.text == """
         #a
        1.irc.test     │                                                          │alice
        2.#a           │12:00:00 -- you joined                                    │bob
        3.#b 1         │12:00:00 -- 3 members (/names lists them)                 │carol
                       │12:00:00 <bob> hello                                      │
         [alice] [irc.test: connected] [Act: 3]
        [#a] typed

        """)
    #expect(cursor == (6, 10))
  }

  @Test func sideListsGoWhenTheTerminalIsNarrow() {
    var (model, state) = Self.twoChannels()
    let (grid, _) = model.paint(state, width: 40, height: 8)
    #expect(!grid.text.contains("│"))
    #expect(grid.text.contains("12:00:00 -- you joined"))
  }

  @Test func pageUpScrollsBackAndNewMessagesDoNotMoveTheView() {
    var (model, state) = Self.twoChannels()
    for n in 1...20 { Self.receive("line \(n)", from: "bob", in: "#a", &state) }
    model.note(state)
    _ = model.paint(state, width: 40, height: 8)
    model.scroll(pages: 1, in: state, width: 40, height: 8)
    let before = model.paint(state, width: 40, height: 8).grid.text
    #expect(before.contains("line 12"))
    #expect(!before.contains("line 20"))
    #expect(before.contains("scrolled back"))
    Self.receive("line 21", from: "bob", in: "#a", &state)
    model.note(state)
    let after = model.paint(state, width: 40, height: 8).grid.text
    #expect(after.contains("line 12"))
    #expect(after.contains("1 more below"))
    model.scroll(pages: -5, in: state, width: 40, height: 8)
    let bottom = model.paint(state, width: 40, height: 8).grid.text
    #expect(bottom.contains("line 21"))
    #expect(!bottom.contains("more below"))
  }

  @Test func scrollingStopsAtTheOldestRowKept() {
    var (model, state) = Self.twoChannels()
    for n in 1...3 { Self.receive("line \(n)", from: "bob", in: "#a", &state) }
    model.note(state)
    model.scroll(pages: 10, in: state, width: 40, height: 10)
    let text = model.paint(state, width: 40, height: 10).grid.text
    #expect(text.contains("you joined"))
    #expect(!text.contains("scrolled back"))  // Everything fits: nothing to scroll.
  }

  @Test func hostileTextCannotReachTheTerminalRaw() {
    var (model, state) = Self.twoChannels()
    Self.receive(
      "\u{1B}[2J\u{1B}]0;owned\u{07}\u{202E}x\u{9B}", from: "e\u{1B}vil", in: "#a", &state)
    model.note(state)
    let text = model.paint(state, width: 90, height: 7).grid.text
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })
    #expect(text.contains("␛[2J"))
  }

  @Test func searchHighlightsMatchesInTheActiveConversation() {
    var (model, state) = Self.twoChannels()
    Self.receive("find the Needle here", from: "bob", in: "#a", &state)
    model.note(state)
    model.view.search = "needle"
    let grid = model.paint(state, width: 90, height: 7).grid
    let row = (0..<grid.height).first { row in
      (0..<grid.width).contains { grid[row, $0].character == "N" }
    }
    let column = row.flatMap { row in (0..<grid.width).first { grid[row, $0].character == "N" } }
    #expect(row != nil)
    if let row, let column { #expect(grid[row, column].style == .highlight) }
  }

  /// The keys of the view, pressed: PgUp and PgDn scroll by pages, the toggles hide and show
  /// the lists; a switching key changes nothing here (it types its command).
  @Test func pressedKeysScrollAndToggleTheLists() {
    var (model, state) = Self.twoChannels()
    for n in 1...20 { Self.receive("line \(n)", from: "bob", in: "#a", &state) }
    model.note(state)
    func screen() -> String { model.paint(state, width: 90, height: 8).grid.text }
    let bottom = screen()
    model.press(.window(1), in: state, width: 90, height: 8)
    model.press(.nextActivity, in: state, width: 90, height: 8)
    #expect(screen() == bottom)
    model.press(.pageUp, in: state, width: 90, height: 8)
    #expect(screen().contains("line 15"))  // A page: the pane's five rows less one.
    #expect(!screen().contains("line 16"))
    model.press(.pageDown, in: state, width: 90, height: 8)
    #expect(screen() == bottom)
    model.press(.toggleBufferList, in: state, width: 90, height: 8)
    #expect(!screen().contains("1.irc.test"))
    #expect(screen().contains("│carol"))
    model.press(.toggleNickList, in: state, width: 90, height: 8)
    #expect(!screen().contains("│"))
    model.press(.toggleBufferList, in: state, width: 90, height: 8)
    model.press(.toggleNickList, in: state, width: 90, height: 8)
    #expect(screen() == bottom)
  }

  /// The nick list shows each member's highest prefix, operators first, as `/names` does.
  @Test func theNickListShowsPrefixesOperatorsFirst() {
    var (model, state) = Self.twoChannels()
    _ = update(
      &state,
      .session(
        .membersListed(
          ConversationName("#a"),
          [Member("amy"), Member("zed", prefixes: "@+"), Member("bob", prefixes: "+")],
          time: Self.time)))
    model.note(state)
    let rows = model.paint(state, width: 90, height: 8).grid.text.split(separator: "\n")
    // The title row first; then the list beside the pane (alice and carol were there).
    let listed = rows.dropFirst().compactMap { $0.split(separator: "│").last.map(String.init) }
    #expect(Array(listed.prefix(4)) == ["@zed", "+bob", "alice", "amy"], "\(rows)")
  }

  /// Tab's candidates go over the pane's last rows, at most half of it, sanitised, with how
  /// many more did not fit.
  @Test func tabCandidatesAreListedOverThePane() {
    var (model, state) = Self.twoChannels()
    let input = InputRow(
      text: "b", cursor: 1,
      candidates: (1...30).map { "bob\($0)" } + ["e\u{1B}[2Jvil"])
    let text = model.paint(state, width: 60, height: 8, input: input).grid.text
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[4] == "               │bob1  bob2  bob3  bob4  bob5  bob6  bob7")
    #expect(lines[5] == "               │bob8  bob9  bob10  bob11  bob12 +19 more")
    #expect(lines[7] == "[#a] b")
    #expect(!text.contains("\u{1B}"))
    let few = InputRow(text: "e", cursor: 1, candidates: ["e\u{1B}[2Jvil", "eve"])
    let shown = model.paint(state, width: 60, height: 8, input: few).grid.text
    #expect(shown.contains("│e␛[2Jvil  eve"))
  }

  /// A message holding newlines (a multiline message) is drawn as several rows, each under
  /// the text, never as `␊`; its other controls still show as stand-ins.
  @Test func aMultilineMessageIsDrawnAsSeveralRows() {
    var (model, state) = Self.twoChannels()
    Self.receive("first line\nsecond\u{1B}[2J\n\nafter a blank", from: "bob", in: "#a", &state)
    model.note(state)
    let text = model.paint(state, width: 60, height: 9).grid.text
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!text.contains("␊"))
    #expect(lines[3] == "3.#b           │12:00:00 <bob> first line")
    #expect(lines[4] == "               │         second␛[2J")
    #expect(lines[5] == "               │")
    #expect(lines[6] == "               │         after a blank")
  }

  /// `/search TEXT` reaches the full screen as a notice: it sets the view's search (shown in
  /// the status row) and adds no line; `/search` alone ends it.
  @Test func theSearchNoticeSetsTheViewsSearch() {
    var (model, state) = Self.twoChannels()
    let before = model.paint(state, width: 90, height: 7).grid.text
    model.show(.search("needle"), in: state)
    #expect(model.view.search == "needle")
    let searching = model.paint(state, width: 90, height: 7).grid.text
    #expect(searching.contains("[search: needle]"))
    model.show(.search(nil), in: state)
    #expect(model.view.search == nil)
    #expect(model.paint(state, width: 90, height: 7).grid.text == before)
  }

  @Test func historyIsMarkedBeforeItsSender() {
    var (model, state) = Self.twoChannels()
    let earlier = Message(
      id: Self.id(77), sender: "carol", text: "earlier", time: Self.time,
      conversation: ConversationName("#a"), isHistory: true)
    _ = update(&state, .session(.received(earlier)))
    Self.receive("now", from: "bob", in: "#a", &state)
    model.note(state)
    let lines = model.paint(state, width: 60, height: 9).grid.text.split(separator: "\n")
    #expect(lines.contains { $0.hasSuffix("│12:00:00 | <carol> earlier") }, "\(lines)")
    #expect(lines.contains { $0.hasSuffix("│12:00:00 <bob> now") }, "\(lines)")
  }

  @Test func reactionsAreCountedOnTheirMessageAndAReplyNamesWhatItAnswers() {
    var (model, state) = Self.twoChannels()
    let question = Message(
      id: Self.id(70), sender: "bob", text: "ship it?", time: Self.time,
      conversation: ConversationName("#a"), serverMessageID: "m70")
    _ = update(&state, .session(.received(question)))
    let reference = MessageReference(serverMessageID: "m70", id: Self.id(70))
    var answer = Message(
      id: Self.id(71), sender: "carol", text: "yes", time: Self.time,
      conversation: ConversationName("#a"), serverMessageID: "m71")
    answer.inReplyTo = reference
    _ = update(&state, .session(.received(answer)))
    for (who, text) in [("carol", "👍"), ("dave", "👍"), ("dave", "🎉")] {
      let reaction = Reaction(
        sender: who, conversation: ConversationName("#a"), text: text, target: reference)
      _ = update(&state, .session(.reacted(reaction, time: Self.time)))
    }
    let unknown = MessageReference(serverMessageID: "gone", id: Self.id(99))
    _ = update(
      &state,
      .session(
        .reacted(
          Reaction(
            sender: "eve", conversation: ConversationName("#a"), text: "👀", target: unknown),
          time: Self.time)))
    model.note(state)
    let lines = model.paint(state, width: 80, height: 10).grid.text.split(separator: "\n")
    #expect(lines.contains { $0.contains("│12:00:00 <bob> ship it?  [👍 2, 🎉 1] ") }, "\(lines)")
    #expect(
      lines.contains { $0.contains("│12:00:00 <carol> (reply to bob: \"ship it?\") yes ") },
      "\(lines)")
    #expect(!lines.contains { $0.contains("dave reacted") }, "\(lines)")
    #expect(
      lines.contains { $0.contains("-- eve reacted 👀 to an earlier message") }, "\(lines)")
  }
}
