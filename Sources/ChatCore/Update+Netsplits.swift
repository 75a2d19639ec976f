// Netsplits and their relinks: many quits or joins at once, one notice per conversation.

/// People split off the network: each leaves every channel they were in (and their private
/// chat goes quiet), as with a quit, but each conversation gets one event naming all of
/// them who were there. O(open conversations × nicks).
func netsplit(
  _ nicks: [String], servers: String, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let rules = state.nameRules
  let keyed = nicks.map { ($0, rules.key(for: $0)) }
  for index in state.conversations.indices {
    let conversation = state.conversations[index]
    var gone: [String] = []
    if conversation.kind == .privateChat {
      let key = rules.key(for: conversation.name.text)
      gone = keyed.first { $0.1 == key }.map { [$0.0] } ?? []
    } else {
      state.conversations.modify(at: index) { conversation in
        for (nick, key) in keyed where conversation.members?.remove(key: key) ?? false {
          gone.append(nick)
        }
      }
    }
    guard !gone.isEmpty else { continue }
    record(.netsplit(nicks: gone, servers: servers), in: conversation.name, at: time, &state)
  }
  return []
}

/// People back from a netsplit in `channel`: they become members again, with one event
/// naming those who were not members already. O(nicks).
func netjoin(
  _ nicks: [String], _ channel: ConversationName, servers: String, at time: Timestamp,
  _ state: inout AppState
) -> [Effect] {
  guard let index = state.conversations.index(of: channel),
    state.conversations[index].kind == .channel
  else { return [] }
  let rules = state.nameRules
  var back: [String] = []
  state.conversations.modify(at: index) { conversation in
    for nick in nicks {
      let key = rules.key(for: nick)
      guard conversation.members?.contains(key: key) == false else { continue }
      conversation.members?.insert(nick, key: key)
      back.append(nick)
    }
  }
  guard !back.isEmpty else { return [] }
  record(
    .netjoin(nicks: back, servers: servers), in: state.conversations[index].name, at: time,
    &state)
  return []
}
