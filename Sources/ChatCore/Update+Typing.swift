// Typing notifications (IRC's `+typing`): who else is typing where, shown until they pause,
// stop, speak or go quiet for 6 s; and the user's own typing in line mode, told to the
// active conversation (`active` while typing, `paused` after 5 s without a key, `done` when
// the line is cleared unsent; never two within 3 s). The session says it where its server
// relays it, and drops it elsewhere.

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
/// the active conversation is told that the user is typing a message (`active`; `paused` 5 s
/// after the last key) or cleared it (`done`; a line that turns into a command counts as
/// cleared), each notification at least 3 s after the last one there (`OwnTyping`). A line
/// that now goes to another conversation (a switch) ends the typing where it went: `done`
/// there, unless that would come within 3 s of the last one (then it goes quiet there, for
/// its typing to expire). Nothing without a server, in the server's own conversation, or
/// while leaving.
func lineEdited(_ text: String, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  guard state.sendsTyping, state.hasServer else { return [] }
  let active = state.conversations.active
  let typing = state.phase == .active && active.kind != .server && isTyping(text)
  var effects: [Effect] = []
  if var own = state.ownTyping, own.conversation != active.name {
    state.ownTyping = nil
    effects.append(.cancel(.typingPaused))
    effects.append(.cancel(.typingDue))
    own.wanted = .done
    if own.told == .active || own.told == .paused, !isTooSoon(own, at: time) {
      effects.append(.perform(.sendTyping(own.conversation, .done)))
    }
  }
  if typing {
    effects += want(.active, in: active.name, at: time, &state)
    effects.append(.schedule(.typingPaused, afterMilliseconds: AppState.typingPauseMilliseconds))
  } else if let own = state.ownTyping, own.wanted != .done {
    effects.append(.cancel(.typingPaused))
    effects += want(.done, in: active.name, at: time, &state)
  }
  return effects
}

/// Whether a notification now would come within 3 s of the last one told.
private func isTooSoon(_ own: OwnTyping, at time: Timestamp) -> Bool {
  guard own.told != nil else { return false }
  let elapsed = own.toldAt.milliseconds(to: time)
  return elapsed >= 0 && elapsed < AppState.typingNotificationIntervalMilliseconds
}

/// `conversation` should be told `wanted` now: told at once, or when 3 s have passed since
/// the last notification (`Timer.typingDue`); nothing when it was told so already (`active`
/// is told again every 3 s while the user types, so it does not expire where it is shown;
/// `paused` and `done` stand until something else is told).
private func want(
  _ wanted: TypingState, in conversation: ConversationName, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  var own =
    state.ownTyping
    ?? OwnTyping(conversation: conversation, told: nil, toldAt: time, wanted: wanted)
  own.wanted = wanted
  defer { state.ownTyping = own }
  // Nothing was said of typing yet (or a message ended it): `done` has nothing to end.
  if own.told == nil, wanted == .done { return [.cancel(.typingDue)] }
  if own.told == wanted, wanted != .active || isTooSoon(own, at: time) {
    return [.cancel(.typingDue)]
  }
  if isTooSoon(own, at: time) {
    let wait =
      AppState.typingNotificationIntervalMilliseconds - own.toldAt.milliseconds(to: time)
    return [.schedule(.typingDue, afterMilliseconds: wait)]
  }
  own.told = wanted
  own.toldAt = time
  return [.perform(.sendTyping(conversation, wanted))]
}

/// Whether a line reading `text` is a message being typed: something other than blanks that
/// is no command (`//text` and `/me` are messages).
private func isTyping(_ text: String) -> Bool {
  guard text.contains(where: { !$0.isWhitespace }) else { return false }
  guard text.utf8.first == UInt8(ascii: "/") else { return true }
  return text.hasPrefix("//") || text.hasPrefix("/me ")
}

/// No key for 5 s: a conversation told `active` is told `paused`.
func typingPaused(at time: Timestamp, _ state: inout AppState) -> [Effect] {
  guard let own = state.ownTyping, own.wanted == .active else { return [] }
  return want(.paused, in: own.conversation, at: time, &state)
}

/// 3 s passed since the last notification: what is wanted now, if not told yet, is told.
func typingDue(at time: Timestamp, _ state: inout AppState) -> [Effect] {
  guard let own = state.ownTyping, own.told != own.wanted else { return [] }
  return want(own.wanted, in: own.conversation, at: time, &state)
}

/// The user sent a message to `conversation`: it ends their typing there (no `done` needed:
/// the message says it), and the next key there is news at once.
func typingSent(to conversation: ConversationName, _ state: inout AppState) -> [Effect] {
  guard let own = state.ownTyping, own.conversation == conversation else { return [] }
  state.ownTyping = nil
  return [.cancel(.typingPaused), .cancel(.typingDue)]
}
