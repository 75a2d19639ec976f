import FoundationEssentials

// Requests from a program driving chat take the typed commands' paths, so each does exactly
// what its command does; only the reading of text as a command is skipped.

/// Carries out `request`, made at `time`; `id` is the id a message it sends gets. While
/// leaving, as for typed lines, only a second quit still means something.
func run(_ request: Request, id: UUID, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  switch state.phase {
  case .active: break
  case .draining:
    if case .quit = request { return requestQuit(reason: nil, &state) }
    return [.show(.notSentWhileLeaving)]
  case .finished: return []
  }
  switch request {
  case .action(let text):
    return run(Command.action(text), id: id, at: time, &state)
  case .join(let name):
    return requestJoin(name, at: time, &state)
  case .part(let name, let reason):
    return requestLeave(name, reason: reason, at: time, &state)
  case .query(let nick):
    return openPrivateChat(with: nick, at: time, &state)
  case .quit:
    return requestQuit(reason: nil, &state)
  case .send(let text, to: nil):
    var effects: [Effect] = []
    sendToActive(text, isAction: false, id: id, at: time, &state, into: &effects)
    return effects
  case .send(let text, to: let target?):
    return run(Command.message(to: target, text: text), id: id, at: time, &state)
  case .switchTo(let target):
    return switchConversation(to: target, at: time, &state)
  case .topic(let text):
    return run(Command.topic(text), id: id, at: time, &state)
  }
}
