import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import ScreenRenderer

/// History older than what a conversation shows is drawn above it (`EarlierHistory`), the
/// latest fetched on joining stays where it came, and PgUp that reaches the oldest row held
/// says so, which is how the full screen asks the server for more.
@Suite struct EarlierHistoryTests {
  typealias Model = ScreenModelTests

  static func history(
    _ text: String, secondsBefore seconds: Int64, in channel: String, _ state: inout AppState
  ) {
    var message = Message(
      id: Model.id(state.messageCount + 1), sender: "bob", text: text,
      time: Model.time.advanced(byMilliseconds: -seconds * 1000),
      conversation: ConversationName(channel))
    message.isHistory = true
    _ = update(&state, .session(.received(message)))
  }

  /// The row of `screen` where each of `texts` first appears, or nil.
  static func positions(_ texts: [String], in screen: String) -> [Int?] {
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    return texts.map { text in rows.firstIndex { $0.contains(text) } }
  }

  @Test func olderHistoryIsDrawnAboveWhatTheConversationShows() {
    var (model, state) = Model.twoChannels()
    Model.receive("live one", from: "carol", in: "#a", &state)
    model.note(state)
    // A `/history` answer: older than everything shown, oldest first, as a batch comes.
    for (text, seconds) in [("old one", 30), ("old two", 20), ("old three", 10)] {
      Self.history(text, secondsBefore: Int64(seconds), in: "#a", &state)
    }
    // And a second, older page.
    Self.history("older still", secondsBefore: 60, in: "#a", &state)
    model.note(state)
    let screen = model.paint(state, width: 90, height: 14).grid.text
    let at = Self.positions(
      ["older still", "old one", "old two", "old three", "you joined", "live one"], in: screen)
    #expect(at.allSatisfy { $0 != nil }, "\(screen)")
    #expect(at.compactMap { $0 } == at.compactMap { $0 }.sorted(), "\(screen)")
  }

  @Test func theLatestFetchedOnJoiningStaysWhereItCame() {
    var (model, state) = Model.twoChannels()
    // Joined with nothing shown: the latest messages come after the join's lines.
    Self.history("latest a", secondsBefore: 20, in: "#a", &state)
    Self.history("latest b", secondsBefore: 10, in: "#a", &state)
    Model.receive("live", from: "carol", in: "#a", &state)
    model.note(state)
    let screen = model.paint(state, width: 90, height: 14).grid.text
    let at = Self.positions(["you joined", "latest a", "latest b", "live"], in: screen)
    #expect(at.allSatisfy { $0 != nil }, "\(screen)")
    #expect(at.compactMap { $0 } == at.compactMap { $0 }.sorted(), "\(screen)")
  }

  @Test func pageUpSaysWhenItReachesTheOldestRowHeld() {
    var (model, state) = Model.twoChannels()
    for n in 1...12 { Model.receive("line \(n)", from: "bob", in: "#a", &state) }
    model.note(state)
    var outcomes: [ScreenKey.Outcome] = []
    for _ in 0..<6 { outcomes.append(model.press(.pageUp, in: state, width: 90, height: 8)) }
    // 14 rows (two of the join, twelve lines) in a pane of five, four a page: the third
    // PgUp shows the first row, and so does every one after it.
    #expect(
      outcomes == [.done, .done, .reachedOldest, .reachedOldest, .reachedOldest, .reachedOldest])
    #expect(model.paint(state, width: 90, height: 8).grid.text.contains("you joined"))
    #expect(model.press(.pageDown, in: state, width: 90, height: 8) == .done)
  }

  /// Lines said in one millisecond share a time: after PgUp at the top asked for older
  /// history, what comes as old as the oldest shown still goes above it.
  @Test func afterPageUpAtTheTopHistoryAsOldAsTheOldestGoesAbove() {
    var (model, state) = Model.twoChannels()
    Self.history("latest", secondsBefore: 10, in: "#a", &state)
    model.note(state)
    #expect(model.press(.pageUp, in: state, width: 90, height: 14) == .reachedOldest)
    Self.history("same moment", secondsBefore: 10, in: "#a", &state)
    model.note(state)
    let screen = model.paint(state, width: 90, height: 14).grid.text
    let at = Self.positions(["same moment", "you joined", "latest"], in: screen)
    #expect(at.allSatisfy { $0 != nil }, "\(screen)")
    #expect(at.compactMap { $0 } == at.compactMap { $0 }.sorted(), "\(screen)")
  }

  /// Scrolled back, history placed above comes below nothing: no "more below" is counted,
  /// and the rows on screen stay put.
  @Test func historyPlacedAboveDoesNotMoveAScrolledBackView() {
    var (model, state) = Model.twoChannels()
    for n in 1...12 { Model.receive("line \(n)", from: "bob", in: "#a", &state) }
    model.note(state)
    model.press(.pageUp, in: state, width: 90, height: 8)
    let before = model.paint(state, width: 90, height: 8).grid.text
    Self.history("from long ago", secondsBefore: 600, in: "#a", &state)
    model.note(state)
    let after = model.paint(state, width: 90, height: 8).grid.text
    #expect(after == before)
  }

  @Test func aShelfPlacesOnlyWhatIsOlderThanEverythingInPlaceAndStaysBounded() {
    var shelf = EarlierHistory.Shelf(oldestInPlace: Model.time)
    let second = Model.time.advanced(byMilliseconds: -1000)
    let placed = [
      shelf.place(time: Model.time, number: 1), shelf.place(time: second, number: 2),
      shelf.place(time: second, number: 3),
      shelf.place(time: second.advanced(byMilliseconds: -1000), number: 4),
    ]
    #expect(placed == [false, true, true, true])
    #expect(shelf.entries.map(\.number) == [4, 2, 3])
    #expect(shelf.numbers == [2, 3, 4])
    var empty = EarlierHistory.Shelf(oldestInPlace: nil)
    let inPlace = empty.place(time: second, number: 5)
    #expect(!inPlace)
    #expect(empty.oldestInPlace == second)
    var full = EarlierHistory.Shelf(oldestInPlace: Model.time)
    for n in 0...EarlierHistory.limit {
      _ = full.place(time: second.advanced(byMilliseconds: Int64(-n)), number: n)
    }
    #expect(full.entries.count == EarlierHistory.limit)
    #expect(full.entries.first?.number == EarlierHistory.limit - 1)
    #expect(!full.numbers.contains(EarlierHistory.limit))
  }

  /// Entries whose messages the core forgot are dropped as the next is placed.
  @Test func aShelfDropsWhatTheCoreNoLongerKeeps() {
    var shelf = EarlierHistory.Shelf(oldestInPlace: Model.time)
    let older = Model.time.advanced(byMilliseconds: -1000)
    _ = shelf.place(time: older, number: 3)
    _ = shelf.place(time: older, number: 4)
    _ = shelf.place(time: older.advanced(byMilliseconds: -1000), number: 9, firstKept: 4)
    #expect(shelf.entries.map(\.number) == [9, 4])
    #expect(shelf.numbers == [4, 9])
  }
}
