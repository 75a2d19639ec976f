import FoundationEssentials

// What sessions report about conversations, and the steps every conversation change shares.
// Each handler changes nothing for a conversation that is not open: a session may report a
// channel the user has just left.

/// Puts `message` into the transcript and into its conversation. O(1) however many are open.
///
/// A message for a private chat that is not open opens it (someone wrote to you); one for a
/// channel that is not open (a `/msg` to a channel not joined), or arriving when no more
/// conversations can be opened, goes to the session's own conversation, still naming its own.
/// One naming an open conversation in other letters (`BOBBY` for `bobby`) is that
/// conversation's, under its name: a private chat takes the spelling of its person's own
/// messages, as the network spells the nick. Returns the position of the conversation it
/// entered.
@discardableResult
func enter(_ message: Message, _ state: inout AppState) -> Int {
  var message = message
  let index: Int
  if let found = state.conversations.index(of: message.conversation) {
    index = found
    let name = state.conversations[found].name
    // Set only when it differs: setting a field makes the message a new box.
    if name.text != message.conversation.text {
      if isSpelledByItsPerson(message, in: state.conversations[found]) {
        state.conversations.rename(at: found, to: message.conversation)
        record(
          .memberRenamed(from: name.text, to: message.conversation.text), in: message.conversation,
          at: message.time, &state)
      } else {
        message.conversation = name
      }
    }
  } else {
    index = openForMessage(message, &state)
  }
  // A reply shows what it answers: found once, as it enters.
  if let reference = message.inReplyTo, !reference.isFound {
    let found = resolved(reference, inConversationAt: index, state)
    if found.isFound { message.inReplyTo = found }
  }
  state.messages.append(message)
  state.messageCount += 1
  state.conversations.append(message, number: state.messageCount, at: index)
  return index
}

/// Whether `message` is its private chat's person writing, under the nick as the network
/// spells it: what a private chat opened by a `/msg` in other letters is renamed to.
private func isSpelledByItsPerson(_ message: Message, in conversation: Conversation) -> Bool {
  conversation.kind == .privateChat && !message.isLocal
    && message.sender == message.conversation.text
}

private func openForMessage(_ message: Message, _ state: inout AppState) -> Int {
  let name = message.conversation
  guard !state.nameRules.isChannel(name.text),
    let index = state.conversations.open(name, kind: .privateChat)
  else { return 0 }
  record(.opened(.privateChat), in: name, at: message.time, &state)
  return index
}

/// A channel joined opens and becomes active, except one of the channels the run joins at
/// start once the first of them is in: those open beside it. It answers the join awaited.
func joined(_ name: ConversationName, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  let (request, answered) = answer(name, byJoin: true, &state)
  // Rejoined (after a reconnect): what was missed there.
  if let index = state.conversations.index(of: name) {
    return answered + historyFetch(at: index, state)
  }
  // The start's first channel joined is the first to leave the server's own conversation.
  let becomesActive = request?.kind != .joinAtStart || state.conversations.activeIndex == 0
  guard let index = state.conversations.open(name, kind: .channel) else {
    return answered + [.show(.tooManyConversations(limit: state.conversations.limit))]
  }
  let you = state.localName
  let key = state.nameRules.key(for: you)
  let order = state.nameRules.memberPrefixes
  state.conversations.modify(at: index) {
    $0.members = Members(prefixOrder: order)
    $0.members?.insert(you, key: key)
  }
  record(.opened(.channel), in: name, at: time, &state)
  if becomesActive { activate(index, at: time, &state) }
  return answered + historyFetch(at: index, state)
}

/// Joining `name` was refused: the join awaited is answered, and the user told why.
func joinFailed(
  _ name: ConversationName, reason: String, _ state: inout AppState
) -> [Effect] {
  answer(name, byJoin: true, &state).1 + [.show(.joinFailed(name, reason: reason))]
}

func left(
  _ name: ConversationName, reason: String?, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let answered = answer(name, byJoin: false, &state).1
  guard let index = state.conversations.index(of: name), index > 0 else { return answered }
  close(index, reason: reason, at: time, &state)
  return answered
}

func memberJoined(
  _ member: Member, _ channel: ConversationName, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: channel) else { return [] }
  let key = state.nameRules.key(for: member.nick)
  state.conversations.modify(at: index) { $0.members?.insert(member, key: key) }
  record(.memberJoined(member.nick), in: state.conversations[index].name, at: time, &state)
  return []
}

func memberLeft(
  _ nick: String, _ channel: ConversationName, reason: String?, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: channel) else { return [] }
  let key = state.nameRules.key(for: nick)
  guard state.conversations.modify(at: index, { $0.members?.remove(key: key) ?? false }) else {
    return []
  }
  record(.memberLeft(nick, reason: reason), in: state.conversations[index].name, at: time, &state)
  return []
}

/// Someone quit: they leave every channel they were in, each told; their private chat too.
/// O(open conversations).
func memberQuit(
  _ nick: String, reason: String?, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let key = state.nameRules.key(for: nick)
  for index in state.conversations.indices {
    let conversation = state.conversations[index]
    let wasThere =
      conversation.kind == .privateChat
      ? state.nameRules.key(for: conversation.name.text) == key
      : state.conversations.modify(at: index) { $0.members?.remove(key: key) ?? false }
    if wasThere {
      record(.memberQuit(nick, reason: reason), in: conversation.name, at: time, &state)
    }
  }
  return []
}

func membersListed(
  _ channel: ConversationName, _ listed: [Member], at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: channel),
    state.conversations[index].kind == .channel
  else { return [] }
  let known = state.conversations[index].members
  var members = Members(prefixOrder: state.nameRules.memberPrefixes)
  for var member in listed {
    let key = state.nameRules.key(for: member.nick)
    // A list again (a relink) keeps who is away, their account and real name: NAMES does
    // not say.
    if let known = known?.member(key: key) {
      member.awayMessage = member.awayMessage ?? known.awayMessage
      member.account = member.account ?? known.account
      member.realName = member.realName ?? known.realName
    }
    members.insert(member, key: key)
  }
  let you = state.nameRules.key(for: state.localName)
  if !members.contains(key: you) { members.insert(state.localName, key: you) }
  state.conversations.modify(at: index) { $0.members = members }
  record(.membersListed(count: members.count), in: channel, at: time, &state)
  return []
}

/// A nick changed: yours (then `localName` follows), a member's in every channel they are in,
/// and a private chat's name with them unless one with the new name is open already.
func nickChanged(
  from old: String, to new: String, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let rules = state.nameRules
  let (oldKey, newKey) = (rules.key(for: old), rules.key(for: new))
  if rules.key(for: state.localName) == oldKey { state.localName = new }
  let newName = ConversationName(new)
  let renamedChat = state.conversations.index(of: newName) == nil
  for index in state.conversations.indices {
    let conversation = state.conversations[index]
    if conversation.kind == .privateChat {
      guard rules.key(for: conversation.name.text) == oldKey, renamedChat else { continue }
      state.conversations.rename(at: index, to: newName)
    } else {
      let wasThere = state.conversations.modify(at: index) {
        $0.members?.rename(key: oldKey, to: new, newKey: newKey) ?? false
      }
      guard wasThere else { continue }
    }
    record(
      .memberRenamed(from: old, to: new), in: state.conversations[index].name, at: time, &state)
  }
  return []
}

/// Someone changed their nick, told by the server: `nickChanged`, and when it is yours and no
/// conversation shares it, told in the session's own conversation, so the change is seen.
func nickChangeSeen(
  from old: String, to new: String, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let isOurs = state.nameRules.key(for: state.localName) == state.nameRules.key(for: old)
  let eventsBefore = state.eventCount
  let effects = nickChanged(from: old, to: new, at: time, &state)
  if isOurs, state.eventCount == eventsBefore {
    record(.memberRenamed(from: old, to: new), in: state.conversations[0].name, at: time, &state)
  }
  return effects
}

func topicChanged(
  _ channel: ConversationName, _ topic: String?, by author: String?, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: channel),
    state.conversations[index].kind == .channel
  else { return [] }
  state.conversations.modify(at: index) { $0.topic = topic }
  record(.topicChanged(topic, by: author), in: state.conversations[index].name, at: time, &state)
  return []
}

// MARK: steps every conversation change shares

/// Logs `change` for renderers.
func record(
  _ change: ConversationEvent.Change, in name: ConversationName, at time: Timestamp,
  _ state: inout AppState
) {
  state.events.append(ConversationEvent(change, in: name, time: time))
  state.eventCount += 1
}

/// Makes the conversation at `index` active, logged; nothing when it is already.
func activate(_ index: Int, at time: Timestamp, _ state: inout AppState) {
  guard index != state.conversations.activeIndex else { return }
  state.conversations.activate(at: index)
  record(.activated, in: state.conversations[index].name, at: time, &state)
}

/// Closes the conversation at `index` (never the first), logged; if it was active, the one
/// before it becomes active, logged too.
func close(_ index: Int, reason: String?, at time: Timestamp, _ state: inout AppState) {
  let name = state.conversations[index].name
  let wasActive = index == state.conversations.activeIndex
  state.conversations.close(at: index)
  record(.closed(reason: reason), in: name, at: time, &state)
  if wasActive { record(.activated, in: state.conversations.activeName, at: time, &state) }
}
