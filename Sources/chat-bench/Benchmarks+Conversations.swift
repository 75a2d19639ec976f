import ChatCore
import ChatRendering
import ChatSession
import JSONLinesRenderer
import LogRenderer

extension Benchmarks {
  /// `update` alone with one conversation open and with `count` open, the replies spread
  /// over all of them (each a lookup by name outside the active one), side by side.
  func conversationFigures(count: Int = 1000) {
    let one = Stopwatch.best(of: 5) { applyConversationScript(conversations: 1) }
    guard count > 1 else {
      Report.line("update, 1 conversation", Report.rate(lines * 3, one) + " actions")
      return
    }
    let many = Stopwatch.best(of: 5) { applyConversationScript(conversations: count) }
    let actions = lines * 3
    Report.line("update, 1 conversation", Report.rate(actions, one) + " actions")
    Report.line(
      "update, \(count) conversations, replies in all",
      Report.rate(actions, many) + " actions (\(Report.fixed(many / one))x the time of one)")
    // The piped renderers after every action, as the runtime calls them: their cost per
    // message must not grow with the number of conversations either.
    let rendered = { (open: Int) in
      Stopwatch.best(of: 5) {
        applyConversationScript(
          conversations: open,
          renderers: [
            StreamRenderer(LogFormatter(), sink: CountingSink()),
            StreamRenderer(JSONLinesFormatter(), sink: CountingSink()),
          ])
      }
    }
    // Once two are open every log line names its conversation: longer lines, the same with
    // two open as with a thousand. Two is the fair baseline for the thousand.
    let renderedOne = rendered(1)
    let renderedTwo = rendered(2)
    let renderedMany = rendered(count)
    Report.line(
      "update + log + jsonl, 1 conversation", Report.rate(actions, renderedOne) + " actions")
    Report.line(
      "update + log + jsonl, 2 conversations", Report.rate(actions, renderedTwo) + " actions")
    Report.line(
      "update + log + jsonl, \(count) conversations",
      Report.rate(actions, renderedMany)
        + " actions (\(Report.fixed(renderedMany / renderedTwo))x the time of two)")
  }

  /// One pass of the script: `lines` sends, echoes and replies, with `conversations` open.
  func applyConversationScript(conversations: Int, renderers: [any Renderer] = []) {
    var state = AppState()
    _ = update(&state, .session(.connected(time: .virtualEpoch)))
    let names = (1..<conversations).map { ConversationName("#channel-\($0)") }
    for name in names { _ = update(&state, .session(.joined(name, time: .virtualEpoch))) }
    if conversations > 1 { _ = update(&state, .user(.switched(to: "1", time: .virtualEpoch))) }
    let all = [ConversationName.initial] + names
    for renderer in renderers { try? renderer.start(state) }
    var effects: [Effect] = []
    let step = { (state: inout AppState, action: Action) in
      Self.updateAsTheLoop(&state, action, effects: &effects)
      for renderer in renderers { try? renderer.render(state) }
    }
    var ids = SeededUUIDGenerator(seed: 1)
    let text = "hello there, this is a line"
    for index in 0..<lines {
      let sent = Timestamp.virtualEpoch.advanced(byMilliseconds: Int64(index) * 300)
      let id = ids.next()
      step(&state, .user(.submitted(text: text, id: id, time: sent)))
      // Made whole, as the IRC session makes its echoes: a field set afterwards would make
      // a second box, the benchmark's cost rather than `update`'s.
      let echo = Message(
        id: id, sender: "PersonA", text: text, time: sent.advanced(byMilliseconds: 100),
        isLocal: true)
      step(&state, .session(.echoed(echo)))
      let reply = Message(
        id: ids.next(), sender: "Person B", text: text, time: sent.advanced(byMilliseconds: 300),
        conversation: all[index % all.count])
      step(&state, .session(.received(reply, inReplyTo: id)))
    }
    precondition(state.messageCount == lines * 2)
  }
}
