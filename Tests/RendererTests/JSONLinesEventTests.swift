import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import Testing

/// Schema 2's conversation events and the `conversation` of message-like objects.
@Suite(.timeLimit(.minutes(10))) struct JSONLinesEventTests {
  private let id = UUID(uuidString: "6078BF18-0FF8-432F-911F-5A75F7215B2A")!
  private let time = Timestamp.virtualEpoch

  /// The objects written for what `build` does after the start, without `start` and `end`.
  private func objects(_ build: (inout AppState) -> Void) -> [String] {
    let sink = MemorySink()
    let renderer = StreamRenderer(JSONLinesFormatter(), sink: sink)
    var state = AppState()
    state.sessionStatus = .connected
    try? renderer.start(state)
    build(&state)
    try? renderer.render(state)
    return sink.text.split(separator: "\n").dropFirst().map(String.init)
  }

  @Test func theStartAnnouncesSchemaTwo() {
    #expect(JSONLinesFormatter.schemaVersion == 2)
  }

  @Test func joiningReportsJoinedActiveAndMembersInOrder() {
    let lines = objects { state in
      _ = update(&state, .session(.joined(ConversationName("#room"), time: time)))
      _ = update(
        &state,
        .session(.membersListed(ConversationName("#room"), ["Bob"].map { Member($0) }, time: time)))
    }
    #expect(
      lines == [
        ##"{"type":"joined","seq":2,"conversation":"#room","kind":"channel","time":"2025-01-01T12:00:00.000Z"}"##,
        ##"{"type":"active","seq":3,"conversation":"#room","time":"2025-01-01T12:00:00.000Z"}"##,
        ##"{"type":"members","seq":4,"conversation":"#room","count":2,"members":["Bob","PersonA"],"time":"2025-01-01T12:00:00.000Z"}"##,
      ])
  }

  @Test func everyChannelEventHasAnObjectNamingItsConversation() throws {
    let room = ConversationName("#room")
    let lines = objects { state in
      _ = update(&state, .session(.joined(room, time: time)))
      _ = update(&state, .session(.memberJoined(Member("Bob"), channel: room, time: time)))
      _ = update(&state, .session(.nickChanged(from: "Bob", to: "Rob", time: time)))
      _ = update(&state, .session(.topicChanged(room, topic: "a\u{1B}b", by: "Rob", time: time)))
      _ = update(&state, .session(.topicChanged(room, topic: nil, by: nil, time: time)))
      _ = update(
        &state, .session(.memberLeft("Rob", channel: room, reason: "bye", time: time)))
      _ = update(&state, .session(.memberJoined(Member("Eve"), channel: room, time: time)))
      _ = update(&state, .session(.memberQuit("Eve", reason: nil, time: time)))
      _ = update(&state, .session(.left(room, reason: "done", time: time)))
    }
    let decoded = try lines.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      decoded.map { $0["type"] as? String } == [
        "joined", "active", "member_joined", "nick", "topic", "topic", "member_left",
        "member_joined", "member_quit", "left", "active",
      ])
    #expect(decoded.dropLast().allSatisfy { $0["conversation"] as? String == "#room" })
    #expect(decoded.last?["conversation"] as? String == "Conversation")
    #expect(decoded[3]["from"] as? String == "Bob" && decoded[3]["to"] as? String == "Rob")
    #expect(decoded[4]["topic"] as? String == "a\u{1B}b" && decoded[4]["by"] as? String == "Rob")
    #expect(decoded[5]["topic"] is NSNull && decoded[5]["by"] == nil)
    #expect(decoded[6]["nick"] as? String == "Rob" && decoded[6]["reason"] as? String == "bye")
    #expect(decoded[8]["nick"] as? String == "Eve" && decoded[8]["reason"] == nil)
    #expect(decoded[9]["reason"] as? String == "done")
    // Escapes keep each object on its line: no raw ESC.
    #expect(!lines.joined().unicodeScalars.contains("\u{1B}"))
  }

  @Test func modesAndInvitationsHaveObjectsOfTheirOwn() {
    let room = ConversationName("#room")
    let lines = objects { state in
      _ = update(&state, .session(.joined(room, time: time)))
      let ranks = [RankChange("Bob", prefix: "@", isGiven: true)]
      _ = update(
        &state, .session(.modesChanged(room, modes: "+o Bob", by: "Eve", ranks: ranks, time: time)))
      _ = update(&state, .session(.invited("Carol", channel: room, by: "Eve", time: time)))
      _ = update(
        &state,
        .session(.invited("PersonA", channel: ConversationName("#x"), by: "Eve", time: time)))
    }
    #expect(
      Array(lines.suffix(3)) == [
        ##"{"type":"mode","seq":4,"conversation":"#room","modes":"+o Bob","by":"Eve","time":"2025-01-01T12:00:00.000Z"}"##,
        ##"{"type":"invite","seq":5,"conversation":"#room","by":"Eve","channel":"#room","nick":"Carol","time":"2025-01-01T12:00:00.000Z"}"##,
        ##"{"type":"invite","seq":6,"conversation":"Conversation","by":"Eve","channel":"#x","you":true,"time":"2025-01-01T12:00:00.000Z"}"##,
      ])
  }

  @Test func messagesSentToAPrivateChatNameIt() {
    let lines = objects { state in
      _ = update(&state, .user(.submitted(text: "/msg Carol hi", id: id, time: time)))
    }
    #expect(
      lines[0].hasPrefix(##"{"type":"joined","seq":2,"conversation":"Carol","kind":"private""##))
    #expect(lines[1].hasPrefix(##"{"type":"sent","seq":3,"conversation":"Carol","id":"##))
  }

  @Test func anActionIsMarked() {
    let lines = objects { state in
      _ = update(&state, .user(.submitted(text: "/me waves", id: id, time: time)))
    }
    #expect(
      lines[0].hasSuffix(##","text":"waves","time":"2025-01-01T12:00:00.000Z","action":true}"##))
  }
}
