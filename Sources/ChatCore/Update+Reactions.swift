import FoundationEssentials

// IRCv3 `+draft/reply` and `+draft/react`: a reply names the message it answers, a reaction
// the message it reacts to. The core finds that message among those it keeps (by the id the
// session gave the reference), so renderers show its sender and the start of its text, or
// "an earlier message"; reactions are counted per message (`ReactionTally`).

/// The message with the reference's id in conversation `index`, newest first; nil when it is
/// not kept. O(1) for a message never seen (the scrollback's recent ids), else O(the
/// conversation's scrollback).
func referencedMessage(
  _ reference: MessageReference, inConversationAt index: Int, _ state: AppState
)
  -> Message?
{
  guard let id = reference.id, state.messages.contains(id: id) else { return nil }
  let first = state.messageCount - state.messages.count + 1  // The number of the oldest kept.
  for number in state.conversations[index].messageNumbers.reversed() where number >= first {
    let message = state.messages[number - first]
    if message.id == id { return message }
  }
  return nil
}

/// `reference` with the message's sender and text when the message is kept in the
/// conversation at `index`; as it was otherwise.
func resolved(_ reference: MessageReference, inConversationAt index: Int, _ state: AppState)
  -> MessageReference
{
  guard !reference.isFound,
    let message = referencedMessage(reference, inConversationAt: index, state)
  else { return reference }
  var found = MessageReference(to: message, serverMessageID: reference.serverMessageID)
  found.id = reference.id
  return found
}

/// Someone reacted: counted with the message's reactions and shown in its conversation, once
/// (a repeat of the same reaction by the same person shows nothing). A reaction in a
/// conversation not open is dropped: it opens nothing.
func reacted(_ reaction: Reaction, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  guard let index = state.conversations.index(of: reaction.conversation) else { return [] }
  var reaction = reaction
  reaction.conversation = state.conversations[index].name
  reaction.target = resolved(reaction.target, inConversationAt: index, state)
  let who =
    reaction.isOwn
    ? state.nameRules.key(for: state.localName)
    : state.nameRules.key(for: reaction.sender)
  guard state.reactions.add(reaction.text, by: who, to: reaction.target.serverMessageID)
  else { return [] }
  let counts = state.reactions.counts(for: reaction.target.serverMessageID)
  record(.reacted(reaction, counts: counts), in: reaction.conversation, at: time, &state)
  return []
}

/// The message `back` messages before the newest (1: the newest) of the active conversation,
/// as a reference to answer or react to; or the notice saying why there is none.
private func answerable(_ back: Int, _ state: AppState) -> Answerable {
  let conversation = state.conversations.active
  let first = state.messageCount - state.messages.count + 1
  let numbers = conversation.messageNumbers.filter { $0 >= first }
  guard back >= 1, back <= numbers.count else {
    return .refused(.noSuchMessage(back: back, in: conversation.name))
  }
  let message = state.messages[numbers[numbers.count - back] - first]
  guard let msgid = message.serverMessageID else { return .refused(.noServerMessageID(back: back)) }
  return .found(MessageReference(to: message, serverMessageID: msgid))
}

/// A message to answer or react to, or the notice saying why there is none.
private enum Answerable {
  case found(MessageReference)
  case refused(Notice)
}

/// `/reply N TEXT`: TEXT sent to the active conversation as a reply to its Nth newest message.
func reply(
  to back: Int, _ text: String, id: UUID, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  guard state.activeTakesMessages else {
    state.notSentCount += 1
    return [.show(.notSent(state.conversations.activeName))]
  }
  switch answerable(back, state) {
  case .refused(let notice): return [.show(notice)]
  case .found(let reference):
    let message = Message(
      id: id, sender: state.localName, text: text, time: time, isLocal: true,
      conversation: state.conversations.activeName, markup: state.textMarkup,
      inReplyTo: reference)
    return sendOrHold(message, &state)
  }
}

/// A JSON `reply` request: `text` to the active conversation as a reply to the message the
/// server calls `msgid` (named by its sender and text when chat holds it there).
func reply(
  to msgid: String, _ text: String, id: UUID, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  guard state.activeTakesMessages else {
    state.notSentCount += 1
    return [.show(.notSent(state.conversations.activeName))]
  }
  let message = Message(
    id: id, sender: state.localName, text: text, time: time, isLocal: true,
    conversation: state.conversations.activeName, markup: state.textMarkup,
    inReplyTo: reference(to: msgid, state))
  return sendOrHold(message, &state)
}

/// A JSON `react` request: `text` to the message the server calls `msgid` in the active
/// conversation.
func react(to msgid: String, _ text: String, _ state: AppState) -> [Effect] {
  guard text.utf8.count <= Reaction.longestText else {
    return [.show(.reactionTooLong(limit: Reaction.longestText))]
  }
  return [.perform(.react(text, to: msgid, in: state.conversations.activeName))]
}

/// The message of the active conversation the server calls `msgid`, found by a scan of its
/// scrollback (a request names it once, not per message), or a reference to an earlier one.
private func reference(to msgid: String, _ state: AppState) -> MessageReference {
  let first = state.messageCount - state.messages.count + 1
  for number in state.conversations.active.messageNumbers.reversed() where number >= first {
    let message = state.messages[number - first]
    if message.serverMessageID == msgid {
      return MessageReference(to: message, serverMessageID: msgid)
    }
  }
  return MessageReference(serverMessageID: msgid)
}

/// `/react N TEXT`: a reaction to the active conversation's Nth newest message.
func react(to back: Int, _ text: String, _ state: AppState) -> [Effect] {
  guard text.utf8.count <= Reaction.longestText else {
    return [.show(.reactionTooLong(limit: Reaction.longestText))]
  }
  switch answerable(back, state) {
  case .refused(let notice): return [.show(notice)]
  case .found(let reference):
    return [
      .perform(
        .react(text, to: reference.serverMessageID, in: state.conversations.activeName))
    ]
  }
}
