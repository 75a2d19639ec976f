import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import Testing

@Suite(.timeLimit(.minutes(10))) struct JSONLinesFormatterTests {
  private let id = UUID(uuidString: "6078BF18-0FF8-432F-911F-5A75F7215B2A")!

  private func render(_ build: (inout AppState) -> Void) -> [String] {
    let sink = MemorySink()
    let renderer = StreamRenderer(JSONLinesFormatter(), sink: sink)
    var state = AppState()
    try? renderer.start(state)
    build(&state)
    try? renderer.render(state)
    try? renderer.finish(state)
    return sink.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func messageObjectsCarryTheDocumentedKeysInAFixedOrder() {
    let lines = render { state in
      _ = update(
        &state,
        .session(.received(Message(id: id, sender: "Person B", text: "hi", time: .virtualEpoch))))
    }
    #expect(
      lines == [
        #"{"type":"start","seq":1,"schema":2,"title":"Conversation","user":"PersonA","conversation":"Conversation"}"#,
        #"{"type":"message","seq":2,"conversation":"Conversation","id":"6078BF18-0FF8-432F-911F-5A75F7215B2A","sender":"Person B","text":"hi","time":"2025-01-01T12:00:00.000Z","own":false}"#,
        #"{"type":"end","seq":3,"messages":1,"failed":0,"pending":0}"#,
        "",
      ])
  }

  @Test func seqCountsUpAcrossEveryCarryOfItsDigits() {
    // Kept as decimal digits and counted up in place: 9 → 10, 99 → 100, 999 → 1000 and
    // 1999 → 2000 each carry through every digit, and a miscounted carry shows in the text.
    let sink = MemorySink()
    let renderer = StreamRenderer(JSONLinesFormatter(), sink: sink)
    var state = AppState()
    try? renderer.start(state)
    for number in 1..<2_100 {
      let message = Message(
        id: UUID(), sender: "Person B", text: "\(number)", time: .virtualEpoch)
      _ = update(&state, .session(.received(message)))
      try? renderer.render(state)
    }
    let sequences = sink.text.split(separator: "\n").map { line -> Int? in
      guard let start = line.range(of: #""seq":"#)?.upperBound,
        let end = line[start...].firstIndex(of: ",")
      else { return nil }
      return Int(line[start..<end])
    }
    #expect(sequences == (1..<2_101).map { Optional($0) })
  }

  @Test func aNoticeSaysSoAfterTheKeysEveryMessageHas() {
    let lines = render { state in
      let notice = Message(
        id: id, sender: "Bob", text: "psst", time: .virtualEpoch, isNotice: true)
      _ = update(&state, .session(.received(notice)))
    }
    #expect(
      lines[1]
        == #"{"type":"message","seq":2,"conversation":"Conversation","id":"6078BF18-0FF8-432F-911F-5A75F7215B2A","sender":"Bob","text":"psst","time":"2025-01-01T12:00:00.000Z","own":false,"notice":true}"#
    )
  }

  @Test func historySaysSoAfterTheMention() {
    let lines = render { state in
      let earlier = Message(
        id: id, sender: "Bob", text: "old", time: .virtualEpoch, serverMessageID: "m1",
        isHistory: true)
      _ = update(&state, .session(.received(earlier)))
    }
    #expect(
      lines[1]
        == #"{"type":"message","seq":2,"conversation":"Conversation","id":"6078BF18-0FF8-432F-911F-5A75F7215B2A","sender":"Bob","text":"old","time":"2025-01-01T12:00:00.000Z","own":false,"history":true,"msgid":"m1"}"#
    )
  }

  @Test func hostileTextStaysOnOneLineAndRoundTrips() throws {
    let text = "a\nb\r\u{0}\u{1B}]0;x\u{7}\u{2028}\u{FFFD}"
    let lines = render { state in
      _ = update(
        &state,
        .session(.received(Message(id: id, sender: "x\ny", text: text, time: .virtualEpoch))))
    }
    #expect(lines.count == 4)
    struct Object: Decodable { var type: String, sender: String, text: String }
    let object = try JSONDecoder().decode(Object.self, from: Data(lines[1].utf8))
    #expect(object.type == "message")
    #expect(object.text == text)
    #expect(object.sender == "x\ny")
  }

  @Test func sentFailedAndStatusEventsHaveTypesOfTheirOwn() {
    let lines = render { state in
      _ = update(&state, .session(.connected(time: .virtualEpoch)))
      _ = update(&state, .user(.submitted(text: "yo", id: id, time: .virtualEpoch)))
    }
    #expect(lines[1] == #"{"type":"status","seq":2,"status":"connected"}"#)
    #expect(
      lines[2].hasPrefix(#"{"type":"sent","seq":3,"conversation":"Conversation","id":"6078BF18"#))
    let failed = render { state in
      state.sessionStatus = .connected
      _ = update(&state, .user(.submitted(text: "yo", id: id, time: .virtualEpoch)))
      _ = update(&state, .session(.deliveryFailed(ids: [id], reason: "down", time: .virtualEpoch)))
    }
    #expect(
      failed[2].hasPrefix(#"{"type":"failed","seq":3,"conversation":"Conversation","id":"6078BF18"#)
    )
    // Why, last: added to schema 2, no other key changed.
    #expect(failed[2].hasSuffix(#","time":"2025-01-01T12:00:00.000Z","reason":"down"}"#))
  }

  @Test func theEndCountsMessagesStillAwaitingTheirEchoOrHeldUnsent() {
    let other = UUID(uuidString: "44A8D398-0C1C-4143-B22C-5E079A6ED5E2")!
    let lines = render { state in
      _ = update(&state, .session(.connected(time: .virtualEpoch)))
      _ = update(&state, .user(.submitted(text: "in flight", id: id, time: .virtualEpoch)))
      _ = update(
        &state, .session(.disconnected(.lost(reason: "down", retrying: true), time: .virtualEpoch)))
      _ = update(&state, .user(.submitted(text: "held", id: other, time: .virtualEpoch)))
      _ = update(&state, .system(.terminated))
    }
    #expect(lines.dropLast().last == #"{"type":"end","seq":3,"messages":0,"failed":0,"pending":2}"#)
  }
}
