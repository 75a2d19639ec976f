import ChatCore
import ChatSession

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
  }

  /// One pass of the script: `lines` sends, echoes and replies, with `conversations` open.
  func applyConversationScript(conversations: Int) {
    var state = AppState()
    _ = update(&state, .session(.connected(time: .virtualEpoch)))
    let names = (1..<conversations).map { ConversationName("#channel-\($0)") }
    for name in names { _ = update(&state, .session(.joined(name, time: .virtualEpoch))) }
    if conversations > 1 { _ = update(&state, .user(.switched(to: "1", time: .virtualEpoch))) }
    let all = [ConversationName.initial] + names
    var ids = SeededUUIDGenerator(seed: 1)
    let text = "hello there, this is a line"
    for index in 0..<lines {
      let sent = Timestamp.virtualEpoch.advanced(byMilliseconds: Int64(index) * 300)
      let id = ids.next()
      _ = update(&state, .user(.submitted(text: text, id: id, time: sent)))
      var echo = Message(id: id, sender: "PersonA", text: text, time: sent, isLocal: true)
      echo.time = sent.advanced(byMilliseconds: 100)
      _ = update(&state, .session(.echoed(echo)))
      let reply = Message(
        id: ids.next(), sender: "Person B", text: text, time: sent.advanced(byMilliseconds: 300),
        conversation: all[index % all.count])
      _ = update(&state, .session(.received(reply, inReplyTo: id)))
    }
    precondition(state.messageCount == lines * 2)
  }
}
