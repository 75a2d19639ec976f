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
    #expect(
      files == [
        "#room.log": "12:00:00.000 -- you joined\n12:00:00.000 Bob: in the room\n",
        "carol.log": "12:00:00.000 -- private chat opened\n12:00:00.000 Carol: hello\n",
        "conversation.log": "12:00:00.000 Person B: first\n",
      ])
  }

  @Test func namesTheRulesCallTheSameShareAFile() {
    let (files, opens) = Self.files([
      Self.received(1, "one", from: "Carol", in: "Carol"),
      Self.received(2, "two", from: "CAROL", in: "CAROL"),
    ])
    #expect(files.keys.sorted() == ["carol.log"])
    #expect(opens == 1)
    #expect(files["carol.log"]?.hasSuffix("CAROL: two\n") == true)
  }

  @Test func atMostTheOpenLimitOfFilesAreOpenAndAClosedOneIsReopened() {
    let count = LogDirectoryRenderer.openLimit + 1
    var steps = (0..<count).map { Self.received(UInt8($0 + 1), "x", from: "n\($0)", in: "n\($0)") }
    steps.append(Self.received(200, "again", from: "n0", in: "n0"))
    let (files, opens) = Self.files(steps)
    #expect(files.count == count)
    #expect(opens == count + 1)
    #expect(files["n0.log"]?.hasSuffix("n0: again\n") == true)
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
    #expect(sink.text == "12:00:00.000 -- you joined\n12:00:00.000 -!- disconnected: gone␛[2J\n")
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
        == "12:00:00.000 -- you joined\n"
        + "12:00:00.000 ! not delivered: hi room (the server refused it (404): +m␛[2J)\n")
  }
}
