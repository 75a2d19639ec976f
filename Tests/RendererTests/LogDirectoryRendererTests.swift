import ChatCore
import ChatRendering
import FoundationEssentials
import LogRenderer
import Testing

@Suite(.timeLimit(.minutes(10))) struct LogDirectoryRendererTests {
  static let time = Timestamp.virtualEpoch

  /// Runs `steps` through a log-directory renderer whose files are memory sinks; returns
  /// each file's text by name and how many times a file was opened.
  static func files(_ steps: [(inout AppState) -> Void]) -> ([String: String], Int) {
    var sinks: [String: MemorySink] = [:]
    var opens = 0
    let renderer = LogDirectoryRenderer { name throws(SinkError) in
      opens += 1
      if let sink = sinks[name] { return sink }
      let sink = MemorySink()
      sinks[name] = sink
      return sink
    }
    var state = AppState()
    try? renderer.start(state)
    for step in steps {
      step(&state)
      try? renderer.render(state)
    }
    try? renderer.finish(state)
    return (sinks.mapValues(\.text), opens)
  }

  static func received(_ n: UInt8, _ text: String, from sender: String, in name: String)
    -> (inout AppState) -> Void
  {
    { state in
      let id = UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
      let message = Message(
        id: id, sender: sender, text: text, time: time, conversation: ConversationName(name))
      _ = update(&state, .session(.received(message)))
    }
  }

  @Test func eachConversationHasAFileOfItsOwnWithoutItsNameOnEveryLine() {
    let (files, _) = Self.files([
      { _ = update(&$0, .session(.joined(ConversationName("#Room"), time: Self.time))) },
      Self.received(1, "in the room", from: "Bob", in: "#Room"),
      Self.received(2, "hello", from: "Carol", in: "Carol"),
      Self.received(3, "first", from: "Person B", in: "Conversation"),
      { _ = update(&$0, .user(.switched(to: "1", time: Self.time))) },
    ])
    let (opened, closed) = (
      "--- Log opened Wed Jan 01 12:00:00 2025\n", "--- Log closed Wed Jan 01 12:00:00 2025\n"
    )
    #expect(
      files == [
        "#room.log": opened + "12:00:00.000 -- you joined\n12:00:00.000 Bob: in the room\n"
          + closed,
        "carol.log": opened + "12:00:00.000 -- private chat opened\n12:00:00.000 Carol: hello\n"
          + closed,
        "conversation.log": opened + "12:00:00.000 Person B: first\n" + closed,
      ])
  }

  @Test func namesTheRulesCallTheSameShareAFile() {
    let (files, opens) = Self.files([
      Self.received(1, "one", from: "Carol", in: "Carol"),
      Self.received(2, "two", from: "CAROL", in: "CAROL"),
    ])
    #expect(files.keys.sorted() == ["carol.log"])
    #expect(opens == 1)
    #expect(files["carol.log"]?.contains("CAROL: two\n--- Log closed") == true)
  }

  @Test func atMostTheOpenLimitOfFilesAreOpenAndAClosedOneIsReopened() {
    let count = LogDirectoryRenderer.openLimit + 1
    var steps = (0..<count).map { Self.received(UInt8($0 + 1), "x", from: "n\($0)", in: "n\($0)") }
    steps.append(Self.received(200, "again", from: "n0", in: "n0"))
    let (files, opens) = Self.files(steps)
    #expect(files.count == count)
    // n0 reopened for its line, and n1 (closed to make room) for its closing marker.
    #expect(opens == count + 2)
    #expect(files["n0.log"]?.contains("n0: again\n--- Log closed") == true)
    for (name, text) in files {
      #expect(text.components(separatedBy: "--- Log opened").count == 2, "\(name)")
      #expect(text.hasSuffix("--- Log closed Wed Jan 01 12:00:00 2025\n"), "\(name)")
    }
  }
}

/// What the session says, in `--log-dir`: with the connection's changes, in the first file.
@Suite(.timeLimit(.minutes(10))) struct LogDirectoryNoticeTests {
  @Test func aSessionNoticeGoesToTheFirstConversationsFileAndTheUsersOwnNoticesNowhere() throws {
    let sink = MemorySink()
    var opened: [String] = []
    let renderer = LogDirectoryRenderer { name throws(SinkError) in
      opened.append(name)
      return sink
    }
    var state = AppState()
    try renderer.start(state)
    _ = update(&state, .session(.joined(ConversationName("#room"), time: .virtualEpoch)))
    try renderer.render(state)
    let notice = SessionNotice.disconnected(reason: "gone\u{1B}[2J", retried: true)
    try renderer.show(.session(notice, time: .virtualEpoch), in: state)
    try renderer.show(.help, in: state)
    try renderer.finish(state)
    #expect(opened == ["#room.log", "conversation.log"])
    #expect(
      sink.text
        == "--- Log opened Wed Jan 01 12:00:00 2025\n12:00:00.000 -- you joined\n"
        + "--- Log opened Wed Jan 01 12:00:00 2025\n12:00:00.000 -!- disconnected: gone␛[2J\n"
        + "--- Log closed Wed Jan 01 12:00:00 2025\n--- Log closed Wed Jan 01 12:00:00 2025\n")
  }
}

/// irssi's markers around each file's run: opened, day changed, closed.
@Suite(.timeLimit(.minutes(10))) struct LogDirectoryMarkerTests {
  static let day: Int64 = 86_400_000

  @Test func aFileIsOpenedAtItsFirstLineAndClosedAtTheRunsLastLine() {
    let start = Timestamp.virtualEpoch.advanced(byMilliseconds: 3_723_456)  // 13:02:03.456
    let (files, _) = LogDirectoryRendererTests.files([
      Self.received(1, "early", in: "#a", at: start),
      Self.received(2, "later", in: "#b", at: start.advanced(byMilliseconds: 61_000)),
    ])
    #expect(
      files["#a.log"]
        == "--- Log opened Wed Jan 01 13:02:03 2025\n13:02:03.456 Bob: early\n"
        + "--- Log closed Wed Jan 01 13:03:04 2025\n")
    #expect(files["#b.log"]?.hasPrefix("--- Log opened Wed Jan 01 13:03:04 2025\n") == true)
  }

  @Test func aLineOnAnotherDayThanTheLineBeforeItInItsFileIsPrecededByDayChanged() {
    let start = Timestamp.virtualEpoch.advanced(byMilliseconds: 11 * 3_600_000 + 59 * 60_000)
    let (files, _) = LogDirectoryRendererTests.files([
      Self.received(1, "before midnight", in: "#a", at: start),
      Self.received(2, "other file", in: "#b", at: start.advanced(byMilliseconds: Self.day)),
      Self.received(3, "next day", in: "#a", at: start.advanced(byMilliseconds: Self.day)),
      Self.received(4, "same day", in: "#a", at: start.advanced(byMilliseconds: Self.day + 1)),
      Self.received(5, "a month on", in: "#a", at: start.advanced(byMilliseconds: 31 * Self.day)),
    ])
    #expect(
      files["#a.log"]
        == "--- Log opened Wed Jan 01 23:59:00 2025\n23:59:00.000 Bob: before midnight\n"
        + "--- Day changed Thu Jan 02 2025\n23:59:00.000 Bob: next day\n"
        + "23:59:00.001 Bob: same day\n"
        + "--- Day changed Sat Feb 01 2025\n23:59:00.000 Bob: a month on\n"
        + "--- Log closed Sat Feb 01 23:59:00 2025\n")
    // The other file opened on the second day: no day change in it.
    #expect(files["#b.log"]?.contains("Day changed") == false)
  }

  @Test func theMarkersAreInTheLogsTimeZone() {
    var sinks: [String: MemorySink] = [:]
    let renderer = LogDirectoryRenderer(utcOffsetSeconds: -13 * 3600) { name throws(SinkError) in
      let sink = sinks[name] ?? MemorySink()
      sinks[name] = sink
      return sink
    }
    var state = AppState()
    try? renderer.start(state)
    Self.received(1, "hi", in: "#a", at: .virtualEpoch)(&state)
    try? renderer.render(state)
    try? renderer.finish(state)
    // 12:00 UTC on Wednesday is 23:00 on Tuesday, 13 hours west.
    #expect(sinks["#a.log"]?.text.hasPrefix("--- Log opened Tue Dec 31 23:00:00 2024\n") == true)
  }

  @Test(arguments: [
    (0, "Thu Jan 01 1970"), (19_358, "Sun Jan 01 2023"), (19_782, "Thu Feb 29 2024"),
    (19_783, "Fri Mar 01 2024"), (20_088, "Tue Dec 31 2024"), (-1, "Wed Dec 31 1969"),
  ])
  func dayChangedNamesTheDayAsIrssiDoes(days: Int64, text: String) {
    let time = Timestamp(millisecondsSinceEpoch: days * Self.day + 5)
    #expect(LogMarker.dayChanged(to: time, utcOffsetSeconds: 0) == "--- Day changed \(text)\n")
  }

  static func received(_ n: UInt8, _ text: String, in name: String, at time: Timestamp)
    -> (inout AppState) -> Void
  {
    { state in
      let id = UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
      let message = Message(
        id: id, sender: "Bob", text: text, time: time, conversation: ConversationName(name))
      _ = update(&state, .session(.received(message)))
    }
  }

  /// A failed message goes to its conversation's file with its reason, sanitised: the notice
  /// saying why goes to the session's file, so without it the conversation's history would
  /// not say.
  @Test func aFailedMessageIsLoggedInItsConversationWithItsReason() {
    let id = UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
    let (files, _) = LogDirectoryRendererTests.files([
      { state in
        state.sessionStatus = .connected
        state.sessionConfirmsDelivery = true
        _ = update(
          &state, .session(.joined(ConversationName("#room"), time: LogDirectoryRendererTests.time))
        )
        _ = update(
          &state, .user(.submitted(text: "hi room", id: id, time: LogDirectoryRendererTests.time)))
      },
      { state in
        _ = update(
          &state,
          .session(
            .deliveryFailed(
              ids: [id], reason: "the server refused it (404): +m\u{1B}[2J",
              time: LogDirectoryRendererTests.time)))
      },
    ])
    #expect(
      files["#room.log"]
        == "--- Log opened Wed Jan 01 12:00:00 2025\n"
        + "12:00:00.000 -- you joined\n"
        + "12:00:00.000 ! not delivered: hi room (the server refused it (404): +m␛[2J)\n"
        + "--- Log closed Wed Jan 01 12:00:00 2025\n")
  }
}
