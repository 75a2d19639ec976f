import FoundationEssentials

// Requests from a program driving chat take the typed commands' paths, so each does exactly
// what its command does; only the reading of text as a command is skipped.

/// Carries out `request`, made at `time`; `id` is the id a message it sends gets. While
/// leaving, as for typed lines, only a second quit still means something.
func run(_ request: Request, id: UUID, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  switch state.phase {
  case .active: break
  case .draining:
    if case .quit(let reason) = request { return requestQuit(reason: reason, &state) }
    return [.show(.notSentWhileLeaving)]
  case .finished: return []
  }
  switch request {
  case .action(let text):
    return run(Command.action(text), id: id, at: time, &state)
  case .away(let text):
    return run(Command.away(text), id: id, at: time, &state)
  case .channels(let mask):
    return run(Command.channels(mask: mask), id: id, at: time, &state)
  case .invite(let nick, let channel):
    return run(Command.invite(nick, channel: channel), id: id, at: time, &state)
  case .join(let name, let key):
    return requestJoin(name, keys: key, at: time, &state)
  case .kick(let nick, let channel, let reason):
    return withServer(.kick, state) { kick(nick, from: channel, reason: reason, state) }
  case .memberMode(let mode, let adding, let targets, let channel):
    return withServer(Command.Name(mode, adding: adding), state) {
      setMemberMode(mode, adding: adding, targets: targets, in: channel, state)
    }
  case .mode(let target, let modes):
    return run(Command.mode(target: target, modes: modes), id: id, at: time, &state)
  case .monitor(let monitor):
    return run(Command.monitor(monitor), id: id, at: time, &state)
  case .nick(let nick):
    return run(Command.nick(nick), id: id, at: time, &state)
  case .notice(let target, let text):
    return run(Command.notice(to: target, text: text), id: id, at: time, &state)
  case .part(let name, let reason):
    return requestLeave(name, reason: reason, at: time, &state)
  case .query(let nick):
    return openPrivateChat(with: nick, at: time, &state)
  case .quit(let reason):
    return requestQuit(reason: reason, &state)
  case .react(let msgid, let reaction):
    return withServer(.react, state) { react(to: msgid, reaction, state) }
  case .reply(let msgid, let text):
    guard state.hasServer else { return [.show(.needsServer(.reply))] }
    return reply(to: msgid, text, id: id, at: time, &state)
  case .quote(let line):
    return run(Command.quote(line), id: id, at: time, &state)
  case .read(let name):
    guard let name else {
      return readConversation(at: state.conversations.activeIndex, at: time, &state)
    }
    guard let index = state.conversations.index(of: ConversationName(name)) else {
      return [.show(.notOpen(name))]
    }
    return readConversation(at: index, at: time, &state)
  case .send(let text, to: nil):
    var effects: [Effect] = []
    sendToActive(text, isAction: false, id: id, at: time, &state, into: &effects)
    return effects
  case .send(let text, to: let target?):
    return run(Command.message(to: target, text: text), id: id, at: time, &state)
  case .setName(let name):
    return run(Command.setName(name), id: id, at: time, &state)
  case .switchTo(let target):
    return switchConversation(to: target, at: time, &state)
  case .topic(let text):
    return run(Command.topic(text), id: id, at: time, &state)
  case .who(let mask):
    return run(Command.who(mask), id: id, at: time, &state)
  case .whois(let nick):
    return run(Command.whois(nick), id: id, at: time, &state)
  }
}
