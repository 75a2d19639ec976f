import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// A netsplit and its relink: one line (one JSON object) per conversation, not one per quit.
@Suite(.timeLimit(.minutes(10))) struct NetsplitRenderingTests {
  static let time = Timestamp.virtualEpoch
  static let room = ConversationName("#chat")
  static let servers = "irc1.test irc2.test"
  static let crowd = (1...12).map { "user\($0)" }

  /// #chat with the crowd, split off and back again.
  static func splitAndBack(_ state: inout AppState) {
    _ = update(&state, .session(.joined(room, time: time)))
    _ = update(
      &state, .session(.membersListed(room, (["bob"] + crowd).map { Member($0) }, time: time)))
    _ = update(&state, .session(.netsplit(servers: servers, nicks: crowd, time: time)))
    _ = update(
      &state, .session(.netjoin(servers: servers, nicks: crowd, channel: room, time: time)))
  }

  /// What `formatter` writes after the start, for `build`.
  static func rendered(_ formatter: any TranscriptFormatter, _ build: (inout AppState) -> Void)
    -> String
  {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState()
    state.sessionStatus = .connected
    try? renderer.start(state)
    let start = sink.text.utf8.count
    build(&state)
    try? renderer.render(state)
    return String(sink.text.utf8.dropFirst(start))!
  }

  @Test func theLogShowsOneLineForTheSplitAndOneForTheRelink() {
    let text = Self.rendered(LogFormatter(), Self.splitAndBack)
    let lines = text.split(separator: "\n").filter { $0.contains("net") }
    #expect(
      lines == [
        "12:00:00.000 [#chat] -- netsplit: 12 people left #chat: user1, user2, user3, user4, user5 and 7 more (irc1.test irc2.test)",
        "12:00:00.000 [#chat] -- netjoin: 12 people are back in #chat: user1, user2, user3, user4, user5 and 7 more (irc1.test irc2.test)",
      ], "\(text)")
    #expect(!text.contains("quit"))
  }

  @Test func oneOrFewPeopleAreNamedWithoutACount() {
    let text = Self.rendered(LogFormatter()) { state in
      _ = update(&state, .session(.joined(Self.room, time: Self.time)))
      _ = update(
        &state,
        .session(.membersListed(Self.room, ["bob", "eve"].map { Member($0) }, time: Self.time)))
      _ = update(
        &state, .session(.netsplit(servers: "*.net *.split", nicks: ["bob"], time: Self.time)))
      _ = update(
        &state,
        .session(
          .netjoin(servers: "*.net *.split", nicks: ["bob"], channel: Self.room, time: Self.time)))
    }
    #expect(text.contains("-- netsplit: 1 person left #chat: bob (*.net *.split)\n"), "\(text)")
    #expect(
      text.contains("-- netjoin: 1 person is back in #chat: bob (*.net *.split)\n"), "\(text)")
  }

  @Test func hostileNicksAndServerNamesAreSanitised() {
    let text = Self.rendered(LogFormatter()) { state in
      _ = update(&state, .session(.joined(Self.room, time: Self.time)))
      _ = update(
        &state,
        .session(
          .membersListed(Self.room, ["b\u{1B}[2Jb", "eve"].map { Member($0) }, time: Self.time)))
      _ = update(
        &state,
        .session(
          .netsplit(
            servers: "a.b \u{1B}]52;c;x\u{7}", nicks: ["b\u{1B}[2Jb", "eve"], time: Self.time)))
    }
    #expect(!text.unicodeScalars.contains("\u{1B}"), "\(text)")
    #expect(text.contains("netsplit: 2 people left #chat"))
  }

  @Test func jsonLinesHaveOneObjectForTheSplitAndOneForTheRelink() throws {
    let text = Self.rendered(JSONLinesFormatter(), Self.splitAndBack)
    let objects = try text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      objects.map { $0["type"] as? String } == [
        "joined", "active", "members", "netsplit", "netjoin",
      ])
    for object in objects.suffix(2) {
      #expect(object["conversation"] as? String == "#chat")
      #expect(object["servers"] as? String == Self.servers)
      #expect(object["count"] as? Int == 12)
      #expect(object["nicks"] as? [String] == Self.crowd)
    }
    let line = try #require(text.split(separator: "\n").last)
    #expect(
      line.hasPrefix(
        ##"{"type":"netjoin","seq":6,"conversation":"#chat","servers":"irc1.test irc2.test","count":12,"nicks":["user1","##
      ),
      "\(line)")
  }
}
