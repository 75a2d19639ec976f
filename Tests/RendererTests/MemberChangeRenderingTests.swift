import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// `account-notify`, `chghost`, `setname` and `account-tag` in the piped formats: a log line
/// and an `account`, `host` or `real_name` object per conversation, and a message's account.
@Suite(.timeLimit(.minutes(10))) struct MemberChangeRenderingTests {
  private let time = Timestamp.virtualEpoch
  private let room = ConversationName("#room")

  /// What `formatter` writes for joining #room with Bob, and Bob's account, host and real name
  /// changing, then a message from him tagged with his account and as a bot's.
  private func rendered(_ formatter: some TranscriptFormatter) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState()
    state.sessionStatus = .connected
    state.textMarkup = .ircFormatting
    try? renderer.start(state)
    let said = Message(
      id: UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), sender: "Bob", text: "hi",
      time: time, conversation: room, markup: .ircFormatting, account: "bobby", isBot: true)
    for action: Action.Session in [
      .joined(room, time: time), .membersListed(room, ["Bob"].map { Member($0) }, time: time),
      .memberChanged("Bob", .account("bobby"), time: time),
      .memberChanged("Bob", .host(user: "b", host: "new.example"), time: time),
      .memberChanged("Bob", .realName("Bob \u{2}Smith\u{1B}[2J"), time: time),
      .memberChanged("Bob", .account(nil), time: time), .received(said),
    ] {
      _ = update(&state, .session(action))
      try? renderer.render(state)
    }
    return sink.text
  }

  @Test func theLogSaysEachChangeOnceWithNothingRaw() {
    let text = rendered(LogFormatter())
    #expect(text.contains("-- Bob logged in as bobby\n"), "\(text)")
    #expect(text.contains("-- Bob is now b@new.example\n"), "\(text)")
    #expect(text.contains("-- Bob changed their real name to Bob Smith␛[2J\n"), "\(text)")
    #expect(text.contains("-- Bob logged out\n"), "\(text)")
    #expect(text.contains("[#room] Bob [bot]: hi\n"), "\(text)")
    #expect(!text.contains("\u{1B}") && !text.contains("\u{2}"), "\(text)")
  }

  @Test func jsonLinesWriteAnObjectForEachChangeAndTheMessagesAccount() throws {
    let lines = rendered(JSONLinesFormatter()).split(separator: "\n").map(String.init)
    let changes = lines.filter {
      $0.contains(#""type":"account""#) || $0.contains(#""type":"host""#)
        || $0.contains(#""type":"real_name""#)
    }
    let at = #""time":"2025-01-01T12:00:00.000Z"}"#
    #expect(
      changes == [
        ##"{"type":"account","seq":5,"conversation":"#room","nick":"Bob","account":"bobby","## + at,
        ##"{"type":"host","seq":6,"conversation":"#room","nick":"Bob","user":"b","host":"new.example","##
          + at,
        ##"{"type":"real_name","seq":7,"conversation":"#room","nick":"Bob","real_name":"Bob \u0002Smith\u001B[2J","##
          + at,
        ##"{"type":"account","seq":8,"conversation":"#room","nick":"Bob","account":null,"## + at,
      ], "\(lines)")
    let message = try #require(lines.first { $0.contains(#""type":"message""#) })
    #expect(message.contains(#""account":"bobby""#), "\(message)")
    #expect(message.contains(#""bot":true"#), "\(message)")
  }
}
