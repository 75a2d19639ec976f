// Read markers (IRC's `draft/read-marker`): chat asks the server to mark a conversation read
// when the user reads it (line mode's active conversation as a message arrives, a switch to
// it, a JSON `read` request), at most once a second per conversation, and follows what the
// server says it is marked up to, from this connection or another of the account. The
// server owns the marker; a session whose server keeps none does nothing with the requests
// and reports none.

/// The user read the conversation at `index` up to its newest message, at `time`: the server
/// is asked to mark it so, now, or once a second has passed since the last time it was asked
/// (a timer). Nothing without a server, in the server's own conversation, or when nothing
/// newer than what is marked or asked is held there.
func readConversation(at index: Int, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  guard state.hasServer, state.conversations[index].kind != .server,
    let newest = newestMessage(in: state.conversations[index], state)
  else { return [] }
  return askReadMarker(at: index, upTo: newest.time, now: time, &state)
}

/// A message entered the active conversation of a run where the user reads it as it comes
/// (`AppState.readsActiveConversation`): marked read up to it when the timer next fires, a
/// second from now at most, so a burst (a history batch, a busy channel) asks once. Nothing
/// elsewhere.
func readArrived(_ message: Message, at index: Int, _ state: inout AppState) -> [Effect] {
  guard state.readsActiveConversation, state.hasServer, index == state.conversations.activeIndex,
    state.conversations[index].kind != .server
  else { return [] }
  var marker = state.conversations[index].readMarker
  guard marker.wouldMove(to: message.time) else { return [] }
  marker.asked = message.time
  marker.isDue = true
  state.conversations.modify(at: index) { $0.readMarker = marker }
  return startReadMarkerTimer(afterMilliseconds: AppState.readMarkerIntervalMilliseconds, &state)
}

/// Asks the server to mark the conversation at `index` read up to `time`, at `now`: at once
/// when it was not asked in the last second, else when the timer fires (the newest time asked
/// meanwhile goes then).
private func askReadMarker(
  at index: Int, upTo time: Timestamp, now: Timestamp, _ state: inout AppState
) -> [Effect] {
  var marker = state.conversations[index].readMarker
  guard marker.wouldMove(to: time) else { return [] }
  marker.asked = time
  let interval = AppState.readMarkerIntervalMilliseconds
  if let wait = remainingWait(since: marker.askedAt, at: now) {
    marker.isDue = true
    state.conversations.modify(at: index) { $0.readMarker = marker }
    return startReadMarkerTimer(afterMilliseconds: min(wait, interval), &state)
  }
  marker.askedAt = now
  marker.isDue = false
  state.conversations.modify(at: index) { $0.readMarker = marker }
  return [.perform(.markRead(state.conversations[index].name, upTo: time))]
}

/// How long a conversation last asked at `askedAt` waits at `now` before it may ask again;
/// nil when it may ask now (never asked, a second passed, or a clock that went back).
private func remainingWait(since askedAt: Timestamp?, at now: Timestamp) -> Int64? {
  guard let askedAt else { return nil }
  let elapsed = askedAt.milliseconds(to: now)
  guard elapsed >= 0, elapsed < AppState.readMarkerIntervalMilliseconds else { return nil }
  return AppState.readMarkerIntervalMilliseconds - elapsed
}

/// Starts the read markers' timer, unless it runs already (it then fires sooner).
private func startReadMarkerTimer(afterMilliseconds wait: Int64, _ state: inout AppState)
  -> [Effect]
{
  guard !state.readMarkerTimerRuns else { return [] }
  state.readMarkerTimerRuns = true
  return [.schedule(.readMarkers, afterMilliseconds: max(1, wait))]
}

/// The read markers' timer fired at `time`: each conversation waiting to ask whose second
/// has passed asks for the newest time asked meanwhile; the timer starts again for the others.
/// O(open conversations), at most once a second.
func readMarkersDue(at time: Timestamp, _ state: inout AppState) -> [Effect] {
  state.readMarkerTimerRuns = false
  var effects: [Effect] = []
  var soonest: Int64?
  for index in state.conversations.indices where state.conversations[index].readMarker.isDue {
    var marker = state.conversations[index].readMarker
    if let wait = remainingWait(since: marker.askedAt, at: time) {
      soonest = min(soonest ?? wait, wait)
      continue
    }
    marker.isDue = false
    marker.askedAt = time
    state.conversations.modify(at: index) { $0.readMarker = marker }
    if let asked = marker.asked {
      effects.append(.perform(.markRead(state.conversations[index].name, upTo: asked)))
    }
  }
  if let soonest { effects += startReadMarkerTimer(afterMilliseconds: soonest, &state) }
  return effects
}

/// The server says `name` has been read up to `time` (this connection's request answered,
/// another connection of the account, or its word on joining): the marker moves there (never
/// back), and the conversation's unread and mention counts keep only what is newer. A
/// conversation that is not open (a server naming any target it likes) changes nothing, and
/// nothing is kept for it. O(its scrollback), when it has unread messages.
func markedRead(_ name: ConversationName, upTo time: Timestamp, _ state: inout AppState)
  -> [Effect]
{
  guard let index = state.conversations.index(of: name),
    state.conversations[index].kind != .server
  else { return [] }
  let conversation = state.conversations[index]
  if let known = conversation.readMarker.time, time <= known { return [] }
  state.conversations.modify(at: index) { $0.readMarker.time = time }
  var (unread, mentions) = (0, 0)
  if conversation.unreadCount > 0 {
    // The unread messages are the newest of the others' (history newer than a marker
    // included): those newer than the marker stay unread.
    for message in state.messages(in: conversation).reversed()
    where !message.isLocal && message.time > time {
      unread += 1
      if message.isMention { mentions += 1 }
      if unread == conversation.unreadCount { break }
    }
  }
  state.conversations.setUnread(
    at: index, count: unread, mentions: min(mentions, conversation.mentionCount))
  record(.read(unread: unread, mentions: mentions), in: conversation.name, at: time, &state)
  return []
}
