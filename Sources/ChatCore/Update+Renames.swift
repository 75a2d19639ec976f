// `draft/channel-rename`: a channel renamed by the server keeps its conversation (its
// scrollback, unread counts and members), under its new name.

/// The server renamed the channel `old` to `new`, for `reason`: the conversation is renamed,
/// and says so. A channel not open changes nothing; a new name that is no channel under the
/// network's rules, or the name of another open conversation, is refused and said (the
/// session checks both first; a second check here keeps the conversation list whole).
func channelRenamed(
  _ old: ConversationName, to new: ConversationName, reason: String?, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: old),
    state.conversations[index].kind == .channel
  else { return [] }
  let held = state.conversations[index].name
  let refusal: String? =
    if (try? state.nameRules.channel(new.text)) == nil {
      "the server renamed \(held.text) to '\(new.text)', which is no channel name: kept as it was"
    } else if let other = state.conversations.index(of: new), other != index {
      "the server renamed \(held.text) to \(new.text), which is open already: kept as it was"
    } else {
      nil
    }
  if let refusal { return [.show(.session(.refused(reason: refusal), time: time))] }
  state.conversations.rename(at: index, to: new)
  // A join or part awaited for it is answered under the new name.
  for position in state.channelRequests.indices
  where state.nameRules.key(for: state.channelRequests[position].channel.text)
    == state.nameRules.key(for: held.text)
  {
    state.channelRequests[position].channel = new
  }
  record(.renamed(from: held.text, reason: reason), in: new, at: time, &state)
  return []
}
