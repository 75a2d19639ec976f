import ChatCore
import ChatRendering
import FoundationEssentials
import LineRenderer
import Testing

/// Line mode shows a netsplit and its relink as one `--` line each per channel.
@Suite(.timeLimit(.minutes(10))) struct NetsplitLineTests {
  @Test func aSplitAndItsRelinkAreOneLineEach() {
    let room = ConversationName("#chat")
    let time = ConversationLineTests.time
    let crowd = (1...12).map { "user\($0)" }
    let text = ConversationLineTests.transcript([
      { _ = update(&$0, .session(.joined(room, time: time))) },
      { _ = update(&$0, .session(.membersListed(room, crowd.map { Member($0) }, time: time))) },
      {
        _ = update(&$0, .session(.netsplit(servers: "*.net *.split", nicks: crowd, time: time)))
      },
      {
        _ = update(
          &$0,
          .session(.netjoin(servers: "*.net *.split", nicks: crowd, channel: room, time: time)))
      },
    ])
    #expect(
      text == """
        Conversation
        12:00:00 [#chat] -- you joined
        12:00:00 [#chat] -- 13 members (/names lists them)
        12:00:00 [#chat] -- netsplit: 12 people left #chat: user1, user2, user3, user4, user5 and 7 more (*.net *.split)
        12:00:00 [#chat] -- netjoin: 12 people are back in #chat: user1, user2, user3, user4, user5 and 7 more (*.net *.split)

        """)
  }
}
