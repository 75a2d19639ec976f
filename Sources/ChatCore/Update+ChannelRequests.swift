import FoundationEssentials

// Joins and parts awaiting their answers (`AppState.channelRequests`): what piped input waits
// for, each wait bounded by `Timer.answerWait`.

/// Asks the session for `request` (`effect`), awaiting its answer: the wait starts again.
func ask(_ effect: Effect, awaiting request: ChannelRequest, _ state: inout AppState) -> [Effect] {
  ask([effect], awaiting: [request], &state)
}

/// Asks the session for several `requests` at once (`effects`: `/join #a,#b`), awaiting each
/// answer: the one wait starts again. A request already awaited (a second `/join` of a
/// channel being joined) is not awaited twice, since a server answers a repeated `JOIN` with
/// nothing.
func ask(
  _ effects: [Effect], awaiting requests: [ChannelRequest], _ state: inout AppState
) -> [Effect] {
  for request in requests {
    let key = state.nameRules.key(for: request.channel.text)
    let awaited = state.channelRequests.contains {
      $0.isAnswered(byJoin: request.kind != .part)
        && state.nameRules.key(for: $0.channel.text) == key
    }
    if !awaited { state.channelRequests.append(request) }
  }
  return effects + startingAnswerWait()
}

/// Takes the oldest request about `name` that a join's answer (`byJoin`) or a part's answers
/// off the awaited ones, and returns it (nil when none was awaited), with the wait's end once
/// none is left. O(requests awaited), which are few.
func answer(
  _ name: ConversationName, byJoin: Bool, _ state: inout AppState
) -> (ChannelRequest?, [Effect]) {
  guard !state.channelRequests.isEmpty else { return (nil, []) }
  let key = state.nameRules.key(for: name.text)
  guard
    let position = state.channelRequests.firstIndex(where: {
      $0.isAnswered(byJoin: byJoin) && state.nameRules.key(for: $0.channel.text) == key
    })
  else { return (nil, []) }
  let request = state.channelRequests.remove(at: position)
  return (request, state.channelRequests.isEmpty ? [.cancel(.answerWait)] : [])
}

/// No answer came in time: every request still awaited is given up, each said so, and piped
/// input goes on.
func answerWaitEnded(_ state: inout AppState) -> [Effect] {
  let given = state.channelRequests
  state.channelRequests = []
  let seconds = AppState.answerWaitMilliseconds / 1000
  return given.map { .show(.noAnswer($0, seconds: seconds)) }
}

/// The wait for answers, (re)started: it ends `answerWaitMilliseconds` from now.
func startingAnswerWait() -> [Effect] {
  [
    .cancel(.answerWait),
    .schedule(.answerWait, afterMilliseconds: AppState.answerWaitMilliseconds),
  ]
}
