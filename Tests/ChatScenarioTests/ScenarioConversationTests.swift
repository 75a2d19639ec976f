import ChatCore
import ChatRendering
import ChatScenario
import Testing

/// Conversations in scenarios are typed commands: the format needs no entries of its own for
/// them, and every conversation command reads back, is written back, and plays as typed.
@Suite(.timeLimit(.minutes(2))) struct ScenarioConversationTests {
  static let commands = [
    "/join #ops", "/join ops", "/switch 1", "/win #ops", "/msg Carol hi there",
    "/msg #ops to the channel", "/query Carol", "/part #ops bye all", "/part", "/names",
    "/topic", "/topic release day", "/me waves", "/list", "/help conversations",
    "/join #h\u{1B}[2Jostile", "/msg \u{202E}Carol x", "//switch is text",
  ]

  @Test func everyConversationCommandReadsAndWritesBackUnchanged() throws {
    let text =
      "seed 3\n\n"
      + Self.commands.enumerated().map { index, line in
        "\(index * 10)ms " + ScenarioWriter.quoted(line) + "\n"
      }.joined()
    let scenario = try ScenarioParser.parse(Array(text.utf8), file: "c.chat")
    #expect(
      scenario.entries
        == Self.commands.enumerated().map {
          Scenario.Entry(milliseconds: Int64($0 * 10), event: .typed($1))
        })
    let written = ScenarioWriter.text(of: scenario)
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)
  }

  @Test func typedConversationCommandsPlayAsTheyWouldBeTyped() throws {
    let text = """
      0ms | /join #ops
      +1s | deploy done
      +1s | /msg Carol hi
      +1s | /switch 1
      +1s | /switch #nowhere

      """
    let scenario = try ScenarioParser.parse(Array(text.utf8), file: "c.chat")
    let sink = MemorySink()
    let last = LastState()
    _ = try scenario.play(renderers: [StreamRenderer(NoticeFormatter(), sink: sink), last])
    #expect(sink.text == "no conversation '#nowhere' is open; /list shows them\n")
    let state = try #require(last.state)
    #expect(state.conversations.map(\.name.text) == ["Conversation", "#ops", "Carol"])
    #expect(state.conversations.activeName == ConversationName("Conversation"))
    let own = state.messages.filter(\.isLocal).map { "\($0.conversation.text): \($0.text)" }
    #expect(own == ["#ops: deploy done", "Carol: hi"])
  }
}

/// Keeps the state the run finished with.
private final class LastState: Renderer {
  var state: AppState?
  func start(_ state: AppState) {}
  func render(_ state: AppState) {}
  func show(_ notice: Notice, in state: AppState) {}
  func flush() {}
  func finish(_ state: AppState) { self.state = state }
}
