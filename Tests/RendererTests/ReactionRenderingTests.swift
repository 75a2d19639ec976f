import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// Replies and reactions in the piped formats: a reply names what it answers (`(reply to bob:
/// "hello…")`, or `an earlier message`), a reaction is a line with the message's counts; JSON
/// lines carry `reply_to` and a `reaction` object.
@Suite(.timeLimit(.minutes(10))) struct ReactionRenderingTests {
  private let time = Timestamp.virtualEpoch
  private let room = ConversationName("#room")

  private func uuid(_ number: UInt8) -> UUID {
    UUID(uuid: (number, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  /// Bob's long message (m1), Carol's reply to it and one to a message never seen, then two
  /// reactions to Bob's message and one of yours.
  private func rendered(_ formatter: some TranscriptFormatter) -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    state.sessionStatus = .connected
    state.textMarkup = .ircFormatting
    try? renderer.start(state)
    let first = Message(
      id: uuid(1), sender: "Bob", text: "hello \u{2}everyone\u{2}, a message longer than thirty",
      time: time, conversation: room, markup: .ircFormatting, serverMessageID: "m1")
    let toFirst = MessageReference(serverMessageID: "m1", id: uuid(1))
    let reply = Message(
      id: uuid(2), sender: "Carol", text: "welcome", time: time, conversation: room,
      markup: .ircFormatting, serverMessageID: "m2", inReplyTo: toFirst)
    let lost = Message(
      id: uuid(3), sender: "Carol", text: "what?", time: time, conversation: room,
      markup: .ircFormatting, serverMessageID: "m3",
      inReplyTo: MessageReference(serverMessageID: "gone\u{1B}[2J", id: uuid(99)))
    for action: Action.Session in [
      .joined(room, time: time), .received(first), .received(reply), .received(lost),
      .reacted(
        Reaction(sender: "Dave", conversation: room, text: "👍", target: toFirst), time: time),
      .reacted(
        Reaction(sender: "alice", isOwn: true, conversation: room, text: "👍", target: toFirst),
        time: time),
      .reacted(
        Reaction(sender: "Dave", conversation: room, text: "\u{1B}[31m", target: toFirst),
        time: time),
    ] {
      _ = update(&state, .session(action))
      try? renderer.render(state)
    }
    return sink.text
  }

  @Test func theLogNamesWhatAReplyAnswersAndEachReactionWithItsCounts() {
    let text = rendered(LogFormatter())
    #expect(
      text.contains(
        "Carol: (reply to Bob: \"hello everyone, a message long…\") welcome\n"), "\(text)")
    #expect(text.contains("Carol: (reply to an earlier message) what?\n"), "\(text)")
    #expect(
      text.contains("-- Dave reacted 👍 to Bob: \"hello everyone, a message long…\" (👍 1)\n"),
      "\(text)")
    #expect(text.contains("-- you reacted 👍 to Bob: "), "\(text)")
    #expect(text.contains("(👍 2)\n"), "\(text)")
    #expect(text.contains("(👍 2, ␛[31m 1)\n"), "\(text)")
    #expect(!text.contains("\u{1B}") && !text.contains("\u{2}"), "\(text)")
  }

  @Test func jsonLinesCarryReplyToAndAReactionObject() throws {
    let lines = rendered(JSONLinesFormatter()).split(separator: "\n").map(String.init)
    let reply = try #require(lines.first { $0.contains(#""text":"welcome""#) })
    #expect(reply.contains(#""reply_to":"m1""#), "\(reply)")
    let lost = try #require(lines.first { $0.contains(#""text":"what?""#) })
    #expect(lost.contains(#""reply_to":"gone\u001B[2J""#), "\(lost)")
    let reactions = lines.filter { $0.contains(#""type":"reaction""#) }
    #expect(reactions.count == 3)
    #expect(
      reactions[0].hasPrefix(
        ##"{"type":"reaction","seq":"##)
        && reactions[0].contains(
          ##""conversation":"#room","nick":"Dave","reaction":"👍","reply_to":"m1","counts":{"👍":1},"time":"##
        ), "\(reactions[0])")
    #expect(reactions[1].contains(#""nick":"alice","own":true,"#), "\(reactions[1])")
    #expect(reactions[2].contains(#""counts":{"👍":2,"\u001B[31m":1}"#), "\(reactions[2])")
    for line in lines { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
  }
}
