// Kicks: someone removed from a channel, you or another member, said as a kick of its own
// (who, whom, why), not as a part.

/// You were removed from `name`: said as a kick, and the channel closes as when you leave it
/// (its `closed` goes without saying in the transcript, `EventText.isImplied`).
func kicked(
  from name: ConversationName, by author: String, reason: String?, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  let answered = answer(name, byJoin: false, &state).1
  guard let index = state.conversations.index(of: name), index > 0 else { return answered }
  record(
    .kicked(nil, by: author, reason: reason), in: state.conversations[index].name, at: time, &state)
  close(index, reason: reason, at: time, &state)
  return answered
}

/// `by` removed `nick` from `channel`: they leave it, said as a kick.
func memberKicked(
  _ nick: String, from channel: ConversationName, by author: String, reason: String?,
  at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: channel) else { return [] }
  let key = state.nameRules.key(for: nick)
  guard state.conversations.modify(at: index, { $0.members?.remove(key: key) ?? false }) else {
    return []
  }
  record(
    .kicked(nick, by: author, reason: reason), in: state.conversations[index].name, at: time,
    &state)
  return []
}
