import FoundationEssentials

// Typed commands and the user actions they share with other inputs (`--input jsonl` later).
// A command that cannot apply answers with exactly one notice and changes nothing.

/// Carries out `command`, typed at `time`; `id` is the id a message it sends gets.
func run(_ command: Command, id: UUID, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  switch command {
  case .action(let text):
    var effects: [Effect] = []
    sendToActive(text, isAction: true, id: id, at: time, &state, into: &effects)
    return effects
  case .help(let topic):
    return [.show(help(about: topic))]
  case .history(let count):
    return withServer(.history, state) {
      olderHistory(count ?? AppState.defaultHistoryLength, state)
    }
  case .join(let names, let keys):
    return requestJoin(names, keys: keys, at: time, &state)
  case .list:
    let list = Effect.show(.conversations(summaries(of: state.conversations)))
    guard let link = state.link else { return [list] }
    return [list, .show(.link(link, status: state.sessionStatus, nick: state.localName))]
  case .message(let target, let text):
    return sendMessage(text, to: target, id: id, at: time, &state)
  case .names(let target):
    return showMembers(of: target, state)
  case .part(let arguments):
    let (target, reason) = partArguments(arguments, state)
    return requestLeave(target, reason: reason, at: time, &state)
  case .query(let nick):
    return openPrivateChat(with: nick, at: time, &state)
  case .quit(let reason):
    return requestQuit(reason: reason, &state)
  case .reply(let back, let text):
    guard state.hasServer else { return [.show(.needsServer(.reply))] }
    return reply(to: back, text, id: id, at: time, &state)
  case .react(let back, let text):
    return withServer(.react, state) { react(to: back, text, state) }
  case .retry:
    guard !state.failed.isEmpty else { return [.show(.nothingToRetry)] }
    return retry(at: time, &state)
  case .search(let text):
    return [.show(.search(text))]
  case .switchTo(let target):
    return switchConversation(to: target, at: time, &state)
  case .topic(let text):
    return topic(text, state)
  case .away(let text):
    return withServer(.away, state) { [.perform(.setAway(text))] }
  case .channels(let mask):
    return withServer(.channels, state) { [.perform(.listChannels(mask: mask))] }
  case .invite(let nick, let channel):
    return withServer(.invite, state) { invite(nick, into: channel, state) }
  case .kick(let word, let reason):
    return withServer(.kick, state) { kick(typed: word, reason: reason, state) }
  case .memberMode(let mode, let adding, let targets):
    return withServer(Command.Name(mode, adding: adding), state) {
      setMemberMode(mode, adding: adding, typed: targets, state)
    }
  case .mode(let target, let modes):
    return withServer(.mode, state) { setModes(of: target, modes, state) }
  case .monitor(let monitor):
    return withServer(.monitor, state) { watch(monitor, state) }
  case .nick(let nick):
    return withServer(.nick, state) { changeNick(to: nick, state) }
  case .notice(let target, let text):
    return withServer(.notice, state) { sendNotice(text, to: target, state) }
  case .quote(let line):
    return withServer(.quote, state) { quote(line) }
  case .setName(let text):
    return withServer(.setname, state) { [.perform(.setRealName(text))] }
  case .who(let mask):
    return withServer(.who, state) { who(mask, state) }
  case .whois(let nick):
    return withServer(.whois, state) { whois(nick, state) }
  }
}

/// `/join`: a name without a channel prefix gets `#`, as irssi and WeeChat do; `#a,#b` joins
/// each, `k1,k2` giving each its key in turn. Joining one channel already open switches to it.
/// A bad name among them joins none. Each join is awaited (`AppState.channelRequests`).
func requestJoin(
  _ typed: String, keys: String? = nil, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let rules = state.nameRules
  let keys = keys.map { $0.split(separator: ",", omittingEmptySubsequences: false) } ?? []
  var names: [ConversationName] = []
  for text in typed.split(separator: ",").map(String.init) {
    do { names.append(try rules.channel(rules.isChannel(text) ? text : "#" + text)) } catch {
      return [.show(.badName(error))]
    }
  }
  if names.count == 1, let index = state.conversations.index(of: names[0]) {
    activate(index, at: time, &state)
    return []
  }
  var effects: [Effect] = []
  var requests: [ChannelRequest] = []
  for (position, name) in names.enumerated() where state.conversations.index(of: name) == nil {
    guard !state.conversations.isFull else {
      return [.show(.tooManyConversations(limit: state.conversations.limit))]
    }
    let key = position < keys.count && !keys[position].isEmpty ? String(keys[position]) : nil
    effects.append(.join(name, key: key))
    requests.append(ChannelRequest(.join, name))
  }
  guard !effects.isEmpty else { return [] }
  return ask(effects, awaiting: requests, &state)
}

/// `/part`: a channel is left through the session (closed when it reports `.left`, awaited
/// meanwhile); a private chat closes at once; the session's own conversation stays.
func requestLeave(
  _ typed: String?, reason: String?, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let index: Int
  if let typed {
    guard let open = state.conversations.index(of: ConversationName(typed))
    else { return [.show(.notOpen(typed))] }
    index = open
  } else {
    index = state.conversations.activeIndex
  }
  let conversation = state.conversations[index]
  switch conversation.kind {
  case .channel:
    let name = conversation.name
    return ask(.part(name, reason: reason), awaiting: ChannelRequest(.part, name), &state)
  case .privateChat:
    close(index, reason: nil, at: time, &state)
    return []
  case .server:
    return [.show(.cannotLeave(conversation.name))]
  }
}

/// `/query`: switches to the conversation if it is open, else opens a private chat.
func openPrivateChat(with typed: String, at time: Timestamp, _ state: inout AppState) -> [Effect] {
  let wasOpen = state.conversations.index(of: ConversationName(typed)) != nil
  switch privateChat(typed, at: time, &state) {
  case .open(let index):
    activate(index, at: time, &state)
    // A private chat opened now starts with its latest history.
    return wasOpen ? [] : historyFetch(at: index, state)
  case .refused(let notice):
    return [.show(notice)]
  }
}

/// `/msg`: to an open conversation, or a new private chat (opened, not switched to); a
/// channel not joined is written to without opening it, as IRC allows.
private func sendMessage(
  _ text: String, to typed: String, id: UUID, at time: Timestamp, _ state: inout AppState
) -> [Effect] {
  let name: ConversationName
  let rules = state.nameRules
  if let index = state.conversations.index(of: ConversationName(typed)) {
    let conversation = state.conversations[index]
    // The server's own conversation is no nick or channel to write to.
    guard state.serverConversationTakesMessages || index != 0 else {
      state.notSentCount += 1
      return [.show(.notSent(conversation.name))]
    }
    name = conversation.name
  } else if rules.isChannel(typed) {
    do { name = try rules.channel(typed) } catch { return [.show(.badName(error))] }
  } else {
    switch privateChat(typed, at: time, &state) {
    case .open(let index): name = state.conversations[index].name
    case .refused(let notice): return [.show(notice)]
    }
  }
  let message = Message(
    id: id, sender: state.localName, text: text, time: time, isLocal: true, conversation: name,
    markup: state.textMarkup)
  return sendOrHold(message, &state)
}

/// Where a private chat was found or opened, or why it could not be.
private enum Opening {
  case open(Int)
  case refused(Notice)
}

/// The conversation called `typed` if open, else a new private chat with that nick.
private func privateChat(_ typed: String, at time: Timestamp, _ state: inout AppState) -> Opening {
  let rules = state.nameRules
  if let index = state.conversations.index(of: ConversationName(typed)) {
    return .open(index)
  }
  let name: ConversationName
  do { name = try rules.nick(typed) } catch { return .refused(.badName(error)) }
  guard let index = state.conversations.open(name, kind: .privateChat) else {
    return .refused(.tooManyConversations(limit: state.conversations.limit))
  }
  record(.opened(.privateChat), in: name, at: time, &state)
  return .open(index)
}

/// `/switch`: by number (as `/list` shows them, from 1) or by name.
func switchConversation(to target: String, at time: Timestamp, _ state: inout AppState)
  -> [Effect]
{
  let index: Int?
  if !target.isEmpty, target.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
    index = Int(target).map { $0 - 1 }.flatMap {
      state.conversations.indices.contains($0) ? $0 : nil
    }
  } else {
    index = state.conversations.index(of: ConversationName(target))
  }
  guard let index else { return [.show(.notOpen(target))] }
  activate(index, at: time, &state)
  // Switched to: read, where the user reads what is on the screen.
  return state.readsActiveConversation ? readConversation(at: index, at: time, &state) : []
}

private func showMembers(of typed: String?, _ state: AppState) -> [Effect] {
  let conversation: Conversation
  if let typed {
    guard let index = state.conversations.index(of: ConversationName(typed))
    else { return [.show(.notOpen(typed))] }
    conversation = state.conversations[index]
  } else {
    conversation = state.conversations.active
  }
  guard let members = conversation.members else { return [.show(.notAChannel(conversation.name))] }
  return [.show(.members(conversation.name, members.listed))]
}

private func topic(_ text: String?, _ state: AppState) -> [Effect] {
  let conversation = state.conversations.active
  guard conversation.kind == .channel else { return [.show(.notAChannel(conversation.name))] }
  guard let text else { return [.show(.topic(conversation.name, conversation.topic))] }
  return [.setTopic(conversation.name, text)]
}

/// `/part`'s first word names the conversation when one of that name is open or it looks like
/// a channel; otherwise everything is the reason for leaving the active one.
private func partArguments(_ arguments: String, _ state: AppState) -> (String?, String?) {
  let (word, rest) = firstWord(of: Substring(arguments))
  guard let word else { return (nil, nil) }
  let rules = state.nameRules
  if rules.isChannel(word)
    || state.conversations.index(of: ConversationName(String(word))) != nil
  {
    return (String(word), rest.isEmpty ? nil : String(rest))
  }
  return (nil, arguments)
}

private func summaries(of conversations: ConversationList) -> [ConversationSummary] {
  conversations.enumerated().map { index, conversation in
    ConversationSummary(
      number: index + 1, name: conversation.name, kind: conversation.kind,
      unreadCount: conversation.unreadCount, isActive: index == conversations.activeIndex,
      mentionCount: conversation.mentionCount)
  }
}
