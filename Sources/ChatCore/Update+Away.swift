// `away-notify`, `account-notify`, `chghost`, `setname`: what the network says of someone is
// kept with the members (`Members`), and told where they are.

/// `nick` went away with `message`, or came back (nil): marked in every channel they are in,
/// each told, and their private chat told too. A repeat of what is known changes nothing.
/// O(open conversations).
func memberAwayChanged(
  _ nick: String, message: String?, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let key = state.nameRules.key(for: nick)
  var sharesChannel = false
  var changed = false
  for index in state.conversations.indices where state.conversations[index].kind == .channel {
    guard state.conversations[index].members?.contains(key: key) == true else { continue }
    sharesChannel = true
    guard
      state.conversations.modify(
        at: index, { $0.members?.setAway(key: key, message: message) ?? false })
    else { continue }
    changed = true
    record(
      .memberAwayChanged(nick, message: message), in: state.conversations[index].name, at: time,
      &state)
  }
  // Only news is told in a private chat: what changed in a channel, or anything when no
  // channel holds them (nothing to compare with).
  guard changed || !sharesChannel else { return [] }
  for index in state.conversations.indices
  where state.conversations[index].kind == .privateChat
    && state.nameRules.key(for: state.conversations[index].name.text) == key
  {
    record(
      .memberAwayChanged(nick, message: message), in: state.conversations[index].name, at: time,
      &state)
  }
  return []
}

/// `nick`'s account, host or real name changed (`change`): kept with the members of every
/// channel they are in, each told, and their private chat too. A repeat of what is known
/// changes nothing. O(open conversations).
func memberChanged(
  _ nick: String, _ change: MemberChange, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let key = state.nameRules.key(for: nick)
  var sharesChannel = false
  var changed = false
  for index in state.conversations.indices where state.conversations[index].kind == .channel {
    guard state.conversations[index].members?.contains(key: key) == true else { continue }
    sharesChannel = true
    guard state.conversations.modify(at: index, { $0.members?.apply(change, key: key) ?? false })
    else { continue }
    changed = true
    record(.memberChanged(nick, change), in: state.conversations[index].name, at: time, &state)
  }
  guard changed || !sharesChannel else { return [] }
  for index in state.conversations.indices
  where state.conversations[index].kind == .privateChat
    && state.nameRules.key(for: state.conversations[index].name.text) == key
  {
    record(.memberChanged(nick, change), in: state.conversations[index].name, at: time, &state)
  }
  return []
}
