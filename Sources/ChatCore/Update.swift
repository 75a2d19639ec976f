import FoundationEssentials

/// The app's one reducer: applies `action` to `state` and returns the work to carry out.
///
/// Pure: it reads no clock, makes no ids or random numbers and does no I/O. Ids and times
/// arrive inside the action; timers are asked for as effects and come back as actions.
///
/// Delivery guarantees: a message the user sends is pending (in `outbox`, or in `unsent` while
/// the session is down) until exactly one of two things happens: its first echo arrives and it
/// enters the conversation, or it fails (the session reports it, or no echo comes within
/// `deliveryTimeoutMilliseconds`, or the session gave up for good) and is listed in `failed`
/// with why. The user is told once for each failure, however many messages it took. Later
/// echoes of the same id and repeated deliveries of a received message are ignored, so
/// nothing is shown twice.
///
/// Leaving: the first `/quit` (or the end of input) starts draining; once nothing the user sent
/// is in flight the session is asked to leave (`.leave`, with the reason given to `/quit`), and
/// the run finishes when it expects nothing more (`.expectsNothingMore`), or at once on a
/// second request or a signal.
public func update(_ state: inout AppState, _ action: Action) -> [Effect] {
  var effects: [Effect]
  switch action {
  case .session(let event):
    effects = updateSession(&state, event)
  case .system(let event):
    effects = updateSystem(&state, event)
  case .user(let event):
    effects = updateUser(&state, event)
  }
  if state.phase == .draining { leaveIfSettled(&state, into: &effects) }
  return effects
}

/// `update`, appending the work to carry out to `effects` instead of returning a new array:
/// the runtime keeps one array for every action, and a message's two most frequent actions
/// (typed, echoed) then allocate none.
public func update(_ state: inout AppState, _ action: Action, into effects: inout [Effect]) {
  // The two fast paths, tested first; every other action takes `update(_:_:)`'s exhaustive
  // switch (no `default:` over our own enum here either).
  if case .session(.echoed(let message)) = action {
    echoed(message, &state, into: &effects)
  } else if case .user(.submitted(let text, let id, let time)) = action {
    submitted(text, id: id, at: time, &state, into: &effects)
  } else {
    effects.append(contentsOf: update(&state, action))
    return
  }
  if state.phase == .draining { leaveIfSettled(&state, into: &effects) }
}

private func updateSession(_ state: inout AppState, _ event: Action.Session) -> [Effect] {
  switch event {
  case .confirmsDelivery:
    state.sessionConfirmsDelivery = true
    return []
  case .connected(let time):
    state.sessionStatus = .connected
    state.sessionStatusTime = time
    let waiting = state.unsent
    state.unsent = []
    // What was missed in the private chats while away (channels: as they are rejoined).
    var effects = privateChatsCatchUp(state)
    effects += waiting.flatMap { send($0, &state) }
    // Each connection gives the joins and parts awaited (the start's channels) this long.
    if !state.channelRequests.isEmpty { effects += startingAnswerWait() }
    return effects
  case .connecting(let time):
    state.sessionStatus = .connecting
    state.sessionStatusTime = time
    return []
  case .deliveryFailed(let ids, let reason, let time):
    return deliveryFailed(ids, reason: reason, at: time, &state)
  case .disconnected(let ending, let time):
    state.sessionStatus = .disconnected
    state.sessionStatusTime = time
    state.sessionTakesMultiline = false
    guard let notice = notice(for: ending, state) else { return [] }
    return [.show(.session(notice, time: time))]
  case .echoed(let message):
    var effects: [Effect] = []
    echoed(message, &state, into: &effects)
    return effects
  case .expectsNothingMore:
    guard state.phase == .draining, state.isSettled else { return [] }
    return finish(&state)
  case .gaveUp(let failure, let time):
    if state.sessionFailure == nil { state.sessionFailure = failure }
    // What waits for a connection will never be sent now: it fails, said once.
    let held = state.unsent
    state.unsent = []
    var effects = failNow(held, reason: notSentReason(failure), at: time, &state)
    // Nor will a join or part be answered: they are not waited for (the notice says why).
    if !state.channelRequests.isEmpty {
      state.channelRequests = []
      effects.append(.cancel(.answerWait))
    }
    if state.endsWhenSessionGivesUp { effects += finish(&state) }
    return effects
  case .reacted(let reaction, let time):
    return reacted(reaction, at: time, &state)
  case .received(var message, _):
    guard !state.messages.contains(id: message.id) else { return [] }
    // The user's own messages arrive from the server when sent from another client of
    // theirs (one account, several connections) or kept in its history; neither is ever a
    // mention.
    if message.isLocal || message.isHistory, message.isMention { message.isMention = false }
    typingEnded(by: message, &state)
    let index = enter(message, &state)
    return readArrived(message, at: index, &state)
  case .channelRenamed(let old, let new, let reason, let time):
    return channelRenamed(old, to: new, reason: reason, at: time, &state)
  case .joinFailed(let name, let reason, _):
    return joinFailed(name, reason: reason, &state)
  case .joined(let name, let time):
    return joined(name, at: time, &state)
  case .kicked(let name, let author, let reason, let time):
    return kicked(from: name, by: author, reason: reason, at: time, &state)
  case .left(let name, let reason, let time):
    return left(name, reason: reason, at: time, &state)
  case .linkChanged(let link, _):
    state.link = link
    return []
  case .multilineChanged(let available):
    state.sessionTakesMultiline = available
    return []
  case .invited(let nick, let channel, let by, let time):
    return invited(nick, into: channel, by: by, at: time, &state)
  case .markedRead(let name, let time):
    return markedRead(name, upTo: time, &state)
  case .memberAwayChanged(let nick, let message, let time):
    return memberAwayChanged(nick, message: message, at: time, &state)
  case .memberJoined(let member, let channel, let time):
    return memberJoined(member, channel, at: time, &state)
  case .memberChanged(let nick, let change, let time):
    return memberChanged(nick, change, at: time, &state)
  case .memberKicked(let nick, let channel, let author, let reason, let time):
    return memberKicked(nick, from: channel, by: author, reason: reason, at: time, &state)
  case .memberLeft(let nick, let channel, let reason, let time):
    return memberLeft(nick, channel, reason: reason, at: time, &state)
  case .memberQuit(let nick, let reason, let time):
    return memberQuit(nick, reason: reason, at: time, &state)
  case .membersDescribed(let channel, let members, _):
    guard let index = state.conversations.index(of: channel),
      state.conversations[index].kind == .channel
    else { return [] }
    let rules = state.nameRules
    state.conversations.modify(at: index) { conversation in
      for member in members {
        _ = conversation.members?.describe(member, key: rules.key(for: member.nick))
      }
    }
    return []
  case .membersListed(let channel, let members, let time):
    return membersListed(channel, members, at: time, &state)
  case .memberTyping(let nick, let name, let typing, let time):
    return memberTyping(nick, in: name, typing, at: time, &state)
  case .nameRulesChanged(let rules):
    state.nameRules = rules
    for index in state.conversations.indices where state.conversations[index].kind == .channel {
      state.conversations.modify(at: index) { $0.members?.reorder(rules.memberPrefixes) }
    }
    return []
  case .modesChanged(let channel, let modes, let by, let ranks, let time):
    return modesChanged(channel, modes, by: by, ranks: ranks, at: time, &state)
  case .netjoin(let servers, let nicks, let channel, let time):
    return netjoin(nicks, channel, servers: servers, at: time, &state)
  case .netsplit(let servers, let nicks, let time):
    return netsplit(nicks, servers: servers, at: time, &state)
  case .nickChanged(let old, let new, let time):
    return nickChangeSeen(from: old, to: new, at: time, &state)
  case .noticed(let notice, let time):
    return [.show(.session(notice, time: time))]
  case .replied(let reply, let time):
    return [.show(.reply(reply, time: time))]
  case .registeredAs(let nick, let time):
    guard nick != state.localName else { return [] }
    return nickChanged(from: state.localName, to: nick, at: time, &state)
  case .serverNoticed(var message):
    guard !state.messages.contains(id: message.id) else { return [] }
    message.conversation = state.conversations[0].name
    enter(message, &state)
    return []
  case .topicChanged(let channel, let topic, let author, let time):
    return topicChanged(channel, topic, by: author, at: time, &state)
  case .transportPolicyLearned(let policy, let time):
    return [.rememberPolicy(policy, time: time)]
  case .transportPolicyDropped(let host):
    return [.forgetPolicy(host: host)]
  }
}

private func updateSystem(_ state: inout AppState, _ event: Action.System) -> [Effect] {
  switch event {
  case .endOfInput:
    guard state.phase == .active else { return [] }
    state.phase = .draining
    return []
  case .malformedInputLine(let number, let problem):
    return [.show(.malformedInput(line: number, problem: problem))]
  case .terminated:
    return finish(&state)
  case .timerFired(.deliveryTimeout(let id), let time):
    let reason = state.noEchoReason
    guard fail(id, reason: reason, at: time, &state) else { return [] }
    return [.show(.session(.notDelivered(count: 1, reason: reason), time: time))]
  case .timerFired(.answerWait, _):
    return answerWaitEnded(&state)
  case .timerFired(.readMarkers, let time):
    return readMarkersDue(at: time, &state)
  case .timerFired(.typingExpiry, let time):
    return typingExpired(at: time, &state)
  case .timerFired(.typingPaused, let time):
    return typingPaused(at: time, &state)
  case .timerFired(.typingDue, let time):
    return typingDue(at: time, &state)
  }
}

private func updateUser(_ state: inout AppState, _ event: Action.User) -> [Effect] {
  switch event {
  case .joinRequested(let name, let time):
    return requestJoin(name, at: time, &state)
  case .lineEdited(let text, let time):
    return lineEdited(text, at: time, &state)
  case .leaveRequested(let name, let reason, let time):
    return requestLeave(name, reason: reason, at: time, &state)
  case .openedPrivateChat(let nick, let time):
    return openPrivateChat(with: nick, at: time, &state)
  case .quitRequested:
    return requestQuit(reason: nil, &state)
  case .requested(let request, let id, let time):
    return run(request, id: id, at: time, &state)
  case .scrolledPastOldest:
    return scrolledPastOldest(state)
  case .switched(let target, let time):
    return switchConversation(to: target, at: time, &state)
  case .submitted(let text, let id, let time):
    // Room for a sent message's two effects (send, schedule) at once: growing one by one
    // allocated the array twice.
    var effects: [Effect] = []
    effects.reserveCapacity(2)
    submitted(text, id: id, at: time, &state, into: &effects)
    return effects
  }
}

/// Sends every failed message again, stamped with `time`.
func retry(at time: Timestamp, _ state: inout AppState) -> [Effect] {
  let failed = state.failed
  state.failed = []
  return failed.flatMap { failure in
    var message = failure.message
    message.time = time  // Sent again now: pending messages carry when they were sent.
    return sendOrHold(message, &state)
  }
}

/// Sends `message` now if the session is connected, or holds it until it connects.
func sendOrHold(_ message: Message, _ state: inout AppState) -> [Effect] {
  var effects: [Effect] = []
  sendOrHold(message, &state, into: &effects)
  return effects
}

/// `sendOrHold`, appending to `effects`. Once the session has given up for good, nothing
/// would ever send it: it fails at once, saying why, rather than wait for ever.
func sendOrHold(_ message: Message, _ state: inout AppState, into effects: inout [Effect]) {
  if let failure = state.sessionFailure {
    effects += failNow([message], reason: notSentReason(failure), at: message.time, &state)
    return
  }
  guard state.sessionStatus == .connected else {
    state.unsent.append(message)
    return
  }
  send(message, &state, into: &effects)
}

private func send(_ message: Message, _ state: inout AppState) -> [Effect] {
  var effects: [Effect] = []
  send(message, &state, into: &effects)
  return effects
}

private func send(_ message: Message, _ state: inout AppState, into effects: inout [Effect]) {
  state.outbox.append(message)
  state.sentCount += 1
  effects.append(.send(message))
  guard !state.sessionConfirmsDelivery else { return }
  effects.append(
    .schedule(.deliveryTimeout(message.id), afterMilliseconds: state.deliveryTimeoutMilliseconds))
}

/// Moves the pending message `id` to `failed` with `reason`, stamped with when it failed;
/// false when it is not pending.
private func fail(_ id: UUID, reason: String, at time: Timestamp, _ state: inout AppState) -> Bool {
  guard var message = state.outbox.removeFirst(where: { $0.id == id }) else { return false }
  message.time = time
  state.failed.append(FailedMessage(message, reason: reason))
  return true
}

/// The pending messages among `ids` fail for `reason`: one notice for them all (none when
/// none was pending: a late report of a message already delivered or failed).
private func deliveryFailed(
  _ ids: [UUID], reason: String, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  var effects: [Effect] = []
  var count = 0
  for id in ids where fail(id, reason: reason, at: time, &state) {
    count += 1
    if !state.sessionConfirmsDelivery { effects.append(.cancel(.deliveryTimeout(id))) }
  }
  guard count > 0 else { return [] }
  effects.append(.show(.session(.notDelivered(count: count, reason: reason), time: time)))
  return effects
}

/// `messages`, never handed to the session, fail at once for `reason`, stamped `time`: one
/// notice for them all.
private func failNow(
  _ messages: [Message], reason: String, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  guard !messages.isEmpty else { return [] }
  for var message in messages {
    message.time = time
    state.failed.append(FailedMessage(message, reason: reason))
  }
  return [.show(.session(.notDelivered(count: messages.count, reason: reason), time: time))]
}

/// Why a message is not sent once the session gave up for good.
private func notSentReason(_ failure: SessionFailure) -> String {
  "not sent: " + failure.reason
}

/// What the user is told of a connection's end: nothing when chat closed it on purpose, nor
/// when the session does not try again and the run ends for it (it says why as it exits).
private func notice(for ending: Disconnection, _ state: AppState) -> SessionNotice? {
  switch ending {
  case .closed:
    nil
  case .lost(let reason, let retrying):
    retrying || !state.endsWhenSessionGivesUp
      ? .disconnected(reason: reason, retried: retrying) : nil
  case .attemptFailed(let reason, let retrying):
    retrying || !state.endsWhenSessionGivesUp
      ? .connectionFailed(reason: reason, retried: retrying) : nil
  }
}

/// The first request drains, keeping `reason` for the session; a request while draining
/// quits at once.
func requestQuit(reason: String?, _ state: inout AppState) -> [Effect] {
  switch state.phase {
  case .active:
    state.phase = .draining
    state.quitReason = reason
    return []
  case .draining:
    return finish(&state)
  case .finished:
    return []
  }
}

/// While draining, once nothing the user sent is in flight: asks the session to leave, once.
private func leaveIfSettled(_ state: inout AppState, into effects: inout [Effect]) {
  guard !state.hasAskedSessionToLeave, state.isSettled else { return }
  state.hasAskedSessionToLeave = true
  effects.append(.leave(reason: state.quitReason))
}

private func finish(_ state: inout AppState) -> [Effect] {
  guard state.phase != .finished else { return [] }
  state.phase = .finished
  return [.quit]
}
