// Typing notifications (IRC's `+typing`): who else is typing where, shown until they pause,
// stop, speak or go quiet for 6 s; and the user's own typing in line mode, told to the
// active conversation (`active` at most once every 3 s, `paused` after 5 s without a key,
// `done` when the line is cleared or sent). The session says it where its server relays it,
// and drops it elsewhere.

/// `nick` is typing in `name`, or paused or stopped, as heard at `time`. A conversation that
/// is not open, or the server's own, follows nobody. Each change is logged for the JSON lines
/// (`typing`); news that changes nothing (another `active`) only keeps them shown.
func memberTyping(
  _ nick: String, in name: ConversationName, _ typing: TypingState, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: name),
    state.conversations[index].kind != .server
  else { return [] }
  let conversation = state.conversations[index].name
  let key = state.nameRules.key(for: nick)
  if let found = state.typists.index(of: key, in: conversation) {
    let was = state.typists.all[found].state
    if typing == .done {
      state.typists.remove(at: found)
    } else {
      state.typists.update(at: found, state: typing, heardAt: time)
    }
    if typing != was { record(.typing(nick, typing), in: conversation, at: time, &state) }
    return []
  }
  guard typing != .done else { return [] }
  guard !state.typists.isFull else {
    guard !state.hasNoticedTooManyTyping else { return [] }
    state.hasNoticedTooManyTyping = true
    return [.show(.tooManyTyping(limit: Typists.limit))]
  }
  state.typists.add(
    Typists.Typist(conversation: conversation, nick: nick, key: key, state: typing, heardAt: time))
  record(.typing(nick, typing), in: conversation, at: time, &state)
  guard !state.typingExpiryRuns else { return [] }
  state.typingExpiryRuns = true
  return [.schedule(.typingExpiry, afterMilliseconds: AppState.typingExpiryMilliseconds)]
}

/// A message from `message.sender` arrived in its conversation: they are no longer typing
/// there (their message says so; nothing is logged).
func typingEnded(by message: Message, _ state: inout AppState) {
  guard !state.typists.all.isEmpty, !message.isLocal, !message.isHistory,
    let index = state.conversations.index(of: message.conversation)
  else { return }
  let key = state.nameRules.key(for: message.sender)
  if let found = state.typists.index(of: key, in: state.conversations[index].name) {
    state.typists.remove(at: found)
  }
}

/// The typing timer fired at `time`: whoever was not heard from for 6 s is no longer
/// followed (someone typing then counts as `done`, logged); the timer starts again for the
/// others. O(`Typists.limit`).
func typingExpired(at time: Timestamp, _ state: inout AppState) -> [Effect] {
  state.typingExpiryRuns = false
  var soonest: Int64?
  var index = 0
  while index < state.typists.all.count {
    let typist = state.typists.all[index]
    let left = AppState.typingExpiryMilliseconds - typist.heardAt.milliseconds(to: time)
    // News from a clock ahead of this one waits one expiry, no more.
    guard left <= 0 else {
      soonest = min(soonest ?? left, min(left, AppState.typingExpiryMilliseconds))
      index += 1
      continue
    }
    state.typists.remove(at: index)
    if typist.state == .active {
      record(.typing(typist.nick, .done), in: typist.conversation, at: time, &state)
    }
  }
  guard let soonest else { return [] }
  state.typingExpiryRuns = true
  return [.schedule(.typingExpiry, afterMilliseconds: soonest)]
}

/// The line being edited is now `text` (line mode reports every change, `--no-typing` none):
/// the active conversation is told that the user is typing (`active`, at most once every
/// 3 s, and `paused` 5 s after the last key), and `done` when the line is cleared (sent
/// included) or turns into a command, or when it now goes to another conversation. Nothing
/// without a server, in the server's own conversation, or while leaving.
func lineEdited(_ text: String, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  guard state.sendsTyping, state.hasServer else { return [] }
  let active = state.conversations.active
  let target: ConversationName? =
    state.phase == .active && active.kind != .server && isTyping(text) ? active.name : nil
  var effects: [Effect] = []
  if let own = state.ownTyping, own.conversation != target {
    state.ownTyping = nil
    effects += [.cancel(.typingPaused), .perform(.sendTyping(own.conversation, .done))]
  }
  guard let target else { return effects }
  let toldRecently = state.ownTyping.map { own in
    let elapsed = own.activeSentAt.milliseconds(to: time)
    return own.state == .active && elapsed >= 0
      && elapsed < AppState.typingActiveIntervalMilliseconds
  }
  if toldRecently != true {
    state.ownTyping = OwnTyping(conversation: target, state: .active, activeSentAt: time)
    effects.append(.perform(.sendTyping(target, .active)))
  }
  effects.append(.schedule(.typingPaused, afterMilliseconds: AppState.typingPauseMilliseconds))
  return effects
}

/// Whether a line reading `text` is a message being typed: something other than blanks that
/// is no command (`//text` and `/me` are messages).
private func isTyping(_ text: String) -> Bool {
  guard text.contains(where: { !$0.isWhitespace }) else { return false }
  guard text.utf8.first == UInt8(ascii: "/") else { return true }
  return text.hasPrefix("//") || text.hasPrefix("/me ")
}

/// No key for 5 s: an `active` conversation is told `paused`.
func typingPaused(_ state: inout AppState) -> [Effect] {
  guard var own = state.ownTyping, own.state == .active else { return [] }
  own.state = .paused
  state.ownTyping = own
  return [.perform(.sendTyping(own.conversation, .paused))]
}
