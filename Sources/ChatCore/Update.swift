/// The app's one reducer: applies `action` to `state` and returns the work to carry out.
///
/// Pure: it reads no clock, makes no ids or random numbers and does no I/O. Ids and times
/// arrive inside the action.
public func update(_ state: inout AppState, _ action: Action) -> [Effect] {
  switch action {
  case .session(let event):
    return updateSession(&state, event)
  case .system(let event):
    return updateSystem(&state, event)
  case .user(let event):
    return updateUser(&state, event)
  }
}

private func updateSession(_ state: inout AppState, _ event: Action.Session) -> [Effect] {
  switch event {
  case .connected:
    state.sessionStatus = .connected
    return []
  case .connecting:
    state.sessionStatus = .connecting
    return []
  case .deliveryFailed(let id, _):
    guard let index = state.outbox.firstIndex(where: { $0.id == id }) else { return [] }
    state.failed.append(state.outbox.remove(at: index))
    return quitIfDrained(&state)
  case .disconnected:
    state.sessionStatus = .disconnected
    return []
  case .echoed(let message):
    // Only an echo of something still in the outbox enters the conversation: a duplicate
    // echo, or one for a message already failed, must not show it twice.
    guard let index = state.outbox.firstIndex(where: { $0.id == message.id }) else { return [] }
    state.outbox.remove(at: index)
    state.awaitingReplies += 1
    append(message, to: &state)
    return quitIfDrained(&state)
  case .received(let message):
    state.awaitingReplies = max(0, state.awaitingReplies - 1)
    append(message, to: &state)
    return quitIfDrained(&state)
  }
}

private func updateSystem(_ state: inout AppState, _ event: Action.System) -> [Effect] {
  switch event {
  case .endOfInput:
    guard state.phase == .active else { return [] }
    state.phase = .draining
    return quitIfDrained(&state)
  case .terminated:
    return finish(&state)
  }
}

private func updateUser(_ state: inout AppState, _ event: Action.User) -> [Effect] {
  switch event {
  case .quitRequested:
    return requestQuit(&state)
  case .submitted(let text, let id, let time):
    guard state.phase == .active else { return [] }
    switch Input(parsing: text) {
    case .blank:
      return []
    case .command(.help):
      return [.show(.help)]
    case .command(.quit):
      return requestQuit(&state)
    case .message(let text):
      let message = Message(id: id, sender: state.localName, text: text, time: time)
      state.outbox.append(message)
      state.sentCount += 1
      return [.send(message)]
    case .unknownCommand(let name):
      return [.show(.unknownCommand(name))]
    }
  }
}

private func append(_ message: Message, to state: inout AppState) {
  state.messages.append(message)
  state.messageCount += 1
}

/// The first request drains; a request while draining quits at once.
private func requestQuit(_ state: inout AppState) -> [Effect] {
  switch state.phase {
  case .active:
    state.phase = .draining
    return quitIfDrained(&state)
  case .draining:
    return finish(&state)
  case .finished:
    return []
  }
}

private func quitIfDrained(_ state: inout AppState) -> [Effect] {
  guard state.phase == .draining, state.isSettled else { return [] }
  return finish(&state)
}

private func finish(_ state: inout AppState) -> [Effect] {
  guard state.phase != .finished else { return [] }
  state.phase = .finished
  return [.quit]
}
