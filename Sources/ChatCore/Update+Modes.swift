// Channel modes and invitations: shown where they happened, ranks kept with the members.

/// The modes of `channel` changed: each rank given or taken updates its member, and the change
/// is shown in the channel. Nothing for a channel not open. O(ranks).
func modesChanged(
  _ channel: ConversationName, _ modes: String, by author: String, ranks: [RankChange],
  at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: channel),
    state.conversations[index].kind == .channel
  else { return [] }
  let rules = state.nameRules
  state.conversations.modify(at: index) { conversation in
    for rank in ranks {
      _ = conversation.members?.setPrefix(
        rank.prefix, held: rank.isGiven, key: rules.key(for: rank.nick))
    }
  }
  record(.modesChanged(modes, by: author), in: state.conversations[index].name, at: time, &state)
  return []
}

/// `by` invited `nick` into `channel`: told in the channel when it is open, else in the
/// session's own conversation (an invitation for you to a channel you are not in).
func invited(
  _ nick: String, into channel: ConversationName, by author: String, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  let rules = state.nameRules
  let isYou = rules.key(for: nick) == rules.key(for: state.localName)
  let index = state.conversations.index(of: channel) ?? 0
  record(
    .invited(isYou ? nil : nick, channel: channel.text, by: author),
    in: state.conversations[index].name, at: time, &state)
  return []
}
