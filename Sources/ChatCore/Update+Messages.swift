import FoundationEssentials

// The two actions every message goes through, typed and echoed, appending their effects to the
// caller's array (see `update(_:_:into:)`).

/// A sent message came back: it enters the conversation, and its delivery timer stops.
func echoed(_ echo: Message, _ state: inout AppState, into effects: inout [Effect]) {
  var message = echo
  // Only an echo of something still pending enters the conversation: a duplicate echo, or
  // one for a message already failed, must not show it twice.
  guard let sent = state.outbox.removeFirst(where: { $0.id == message.id }) else { return }
  // The session's echo need not say what the message answered: the sent one does.
  if !message.isReply, let reference = sent.inReplyTo { message.inReplyTo = reference }
  // Set only when it changes: setting a field makes the message a new box.
  if !message.isLocal { message.isLocal = true }
  enter(message, &state)
  if !state.sessionConfirmsDelivery { effects.append(.cancel(.deliveryTimeout(message.id))) }
}

/// The user finished a line: a message to send, a command, or nothing.
func submitted(
  _ text: String, id: UUID, at time: Timestamp, _ state: inout AppState,
  into effects: inout [Effect]
) {
  let input = TypedLine(parsing: text)
  // While leaving, only a second `/quit` still means something: it quits at once. Anything
  // else is not sent, and the user is told so rather than left to wonder.
  // (Not a switch over a tuple: that copies the line, strings and all, on every message.)
  switch state.phase {
  case .active: break
  case .draining:
    if case .command(.quit) = input {
      return effects.append(contentsOf: requestQuit(reason: nil, &state))
    }
    if case .blank = input { return }
    return effects.append(.show(.notSentWhileLeaving))
  case .finished: return
  }
  switch input {
  case .blank:
    return
  case .command(let command):
    effects.append(contentsOf: run(command, id: id, at: time, &state))
  case .message(let text):
    sendToActive(text, isAction: false, id: id, at: time, &state, into: &effects)
  case .missingArgument(let name):
    effects.append(.show(.missingArgument(name)))
  case .unknownCommand(let name):
    effects.append(.show(.unknownCommand(name)))
  }
}

/// Sends `text` (an action when `isAction`) to the active conversation, or, when that is a
/// server conversation taking no messages, says so: it is never guessed another target.
func sendToActive(
  _ text: String, isAction: Bool, id: UUID, at time: Timestamp, _ state: inout AppState,
  into effects: inout [Effect]
) {
  guard state.activeTakesMessages else {
    state.notSentCount += 1
    return effects.append(.show(.notSent(state.conversations.activeName)))
  }
  let message = Message(
    id: id, sender: state.localName, text: text, time: time, isLocal: true,
    conversation: state.conversations.activeName, isAction: isAction, markup: state.textMarkup)
  if state.ownTyping != nil { effects += typingSent(to: message.conversation, &state) }
  sendOrHold(message, &state, into: &effects)
}
