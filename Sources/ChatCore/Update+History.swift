// What the core fetches of a server's history (IRC's `draft/chathistory`): decided here, as
// `SessionRequest.fetchHistory` effects; the session says it in its protocol, and a session
// whose server keeps no history does nothing with them.

/// The fetch for the conversation at `index` on joining it, opening it or reconnecting:
/// everything after the newest message held there (what was missed while away), or with none
/// held its latest `AppState.historyLength` messages. None when that is 0 or there is no
/// server.
func historyFetch(at index: Int, _ state: AppState) -> [Effect] {
  guard state.hasServer, state.historyLength > 0 else { return [] }
  let conversation = state.conversations[index]
  let range: HistoryRange =
    newestMessage(in: conversation, state).map { .after(HistoryAnchor($0)) }
    ?? .latest(count: state.historyLength)
  return [.perform(.fetchHistory(of: conversation.name, range))]
}

/// After a reconnect: what was missed in each private chat with a message held, and the
/// private chats that had messages since the newest message held anywhere (new ones open).
/// Channels are caught up as they are joined again (`joined`).
func privateChatsCatchUp(_ state: AppState) -> [Effect] {
  guard state.hasServer, state.historyLength > 0 else { return [] }
  var newest: Message?
  for index in state.conversations.indices.dropFirst() {
    guard let message = newestMessage(in: state.conversations[index], state) else { continue }
    if let kept = newest, message.time < kept.time { continue }
    newest = message
  }
  let targets = newest.map { [Effect.perform(.fetchHistoryTargets(since: $0.time))] } ?? []
  return targets
    + state.conversations.indices.flatMap { index -> [Effect] in
      let conversation = state.conversations[index]
      guard conversation.kind == .privateChat,
        let newest = newestMessage(in: conversation, state)
      else { return [] }
      return [.perform(.fetchHistory(of: conversation.name, .after(HistoryAnchor(newest))))]
    }
}

/// PgUp at the top of what chat holds: the active conversation's older history, as `/history`
/// asks for it, where a server may keep it (one that does not is asked nothing); nothing
/// anywhere else, and no notice, since the key is pressed often.
func scrolledPastOldest(_ state: AppState) -> [Effect] {
  guard state.hasServer, state.conversations.active.kind != .server else { return [] }
  return olderHistory(AppState.defaultHistoryLength, state)
}

/// `/history`: `count` messages of the active conversation before the oldest one held there
/// (with none held, its latest). The server's own conversation has no history to fetch.
func olderHistory(_ count: Int, _ state: AppState) -> [Effect] {
  let conversation = state.conversations.active
  guard conversation.kind != .server else { return [.show(.noHistory(conversation.name))] }
  let range: HistoryRange =
    oldestMessage(in: conversation, state).map { .before(HistoryAnchor($0), count: count) }
    ?? .latest(count: count)
  return [.perform(.fetchHistory(of: conversation.name, range))]
}

/// The newest message held in `conversation` by its time (of two alike, the one that entered
/// last): history fetched with `/history` enters after newer messages. O(its scrollback).
func newestMessage(in conversation: Conversation, _ state: AppState) -> Message? {
  var newest: Message?
  for message in state.messages(in: conversation) {
    if let kept = newest, message.time < kept.time { continue }
    newest = message
  }
  return newest
}

/// The oldest message held in `conversation` by its time (of two alike, the one that entered
/// first). O(its scrollback).
func oldestMessage(in conversation: Conversation, _ state: AppState) -> Message? {
  var oldest: Message?
  for message in state.messages(in: conversation) {
    if let kept = oldest, message.time >= kept.time { continue }
    oldest = message
  }
  return oldest
}
