import ChatCore
import ChatRendering
import FoundationEssentials
import LineRenderer
import Testing

/// Line mode shows the server's answer to a question as one block in the transcript, and a
/// notice of the server's commands as a timed `-!-` line.
@Suite(.timeLimit(.minutes(10))) struct ReplyLineTests {
  @Test func aWhoisIsOneBlockAndAnAwayConfirmationATimedLine() throws {
    let time = ConversationLineTests.time
    var reply = WhoisReply(nick: "bob")
    reply.user = "~bob"
    reply.host = "h"
    reply.channels = ["@#ops"]
    let sink = MemorySink()
    let renderer = StreamRenderer(LineFormatter(width: 80), sink: sink)
    var state = AppState()
    try renderer.start(state)
    let actions: [Action] = [
      .session(.replied(.whois(reply), time: time)),
      .session(.noticed(.markedAway(message: "lunch"), time: time)),
    ]
    for action in actions {
      for effect in update(&state, action) {
        if case .show(let notice) = effect { try renderer.show(notice, in: state) }
      }
      try renderer.render(state)
    }
    #expect(
      sink.text.hasSuffix(
        "whois bob: ~bob@h\n  channels  @#ops\n12:00:00 -!- you are marked as away: lunch\n"),
      "\(sink.text)")
  }
}
