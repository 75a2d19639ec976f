import ChatCore
import ChatRendering
import FoundationEssentials
import LogRenderer
import Testing

@Suite(.timeLimit(.minutes(10))) struct LogFormatterTests {
  private func log(_ messages: [Message], utcOffsetSeconds: Int64 = 0) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(LogFormatter(utcOffsetSeconds: utcOffsetSeconds), sink: sink)
    var state = AppState()
    try? renderer.start(state)
    for message in messages {
      _ = update(&state, .session(.received(message)))
      try? renderer.render(state)
    }
    try? renderer.finish(state)
    return sink.text
  }

  private func message(_ sender: String, _ text: String, _ milliseconds: Int64 = 100) -> Message {
    Message(
      id: UUID(), sender: sender, text: text,
      time: .virtualEpoch.advanced(byMilliseconds: milliseconds))
  }

  @Test func oneLinePerMessageWithTimeSenderAndText() {
    #expect(
      log([message("PersonA", "hello"), message("Person B", "hi", 300)])
        == "12:00:00.100 PersonA: hello\n12:00:00.300 Person B: hi\n")
  }

  @Test func aNoticeIsLoggedBetweenDashesAsIrssiLogsOne() {
    var notice = message("Bob\u{1B}", "psst")
    notice.isNotice = true
    #expect(log([notice]) == "12:00:00.100 -Bob␛- psst\n")
  }

  @Test func historyIsMarkedWithABarBeforeTheSender() {
    var earlier = message("Bob", "old", 50)
    earlier.isHistory = true
    var action = message("Bob", "waves", 60)
    (action.isHistory, action.isAction) = (true, true)
    #expect(
      log([earlier, action, message("Bob", "new", 300)])
        == "12:00:00.050 | Bob: old\n12:00:00.060 | * Bob waves\n12:00:00.300 Bob: new\n")
  }

  @Test func timesShiftByTheLocalOffset() {
    #expect(log([message("A", "x")], utcOffsetSeconds: -3600) == "11:00:00.100 A: x\n")
  }

  /// A message of several lines (IRC's `draft/multiline`) is one record: its lines after
  /// the first indented as wide as the time, so only a record's first line starts with one;
  /// each line sanitised, so no escape reaches the terminal.
  @Test func aMessageOfSeveralLinesIsOneRecordWithItsLinesIndented() {
    let output = log([
      message("Eve\u{1B}[31m", "one\ntwo\r\u{1B}]0;owned\u{7}\u{9B}2J\n\nlast"),
      message("Bob", "after", 300),
    ])
    #expect(
      output == """
        12:00:00.100 Eve␛[31m: one
                     two␍␛]0;owned␇<U+009B>2J

                     last
        12:00:00.300 Bob: after

        """)
    #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func connectionChangesAfterTheFirstConnectionGetLinesOfTheirOwn() {
    let sink = MemorySink()
    let renderer = StreamRenderer(LogFormatter(), sink: sink)
    var state = AppState()
    try? renderer.start(state)
    let steps: [Action.Session] = [
      .connected(time: .virtualEpoch),
      .disconnected(
        .lost(reason: "lost", retrying: true), time: .virtualEpoch.advanced(byMilliseconds: 1400)),
      .connecting(time: .virtualEpoch.advanced(byMilliseconds: 1800)),
      .connected(time: .virtualEpoch.advanced(byMilliseconds: 2200)),
    ]
    for step in steps {
      _ = update(&state, .session(step))
      try? renderer.render(state)
    }
    #expect(
      sink.text
        == "12:00:01.400 * disconnected\n12:00:01.800 * connecting\n12:00:02.200 * connected\n")
  }

  @Test func emptyConversationWritesNothing() {
    #expect(log([]).isEmpty)
  }
}
