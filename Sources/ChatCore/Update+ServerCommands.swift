// The server's commands (`/nick`, `/whois`, `/kick`, …): each checks what it names and asks
// the session (`Effect.perform`); what comes of it comes back as session actions. None changes
// the state: a nick is yours once the server says so, a member gone once the kick is seen.
// Without a server each says it needs one.

/// What `effects` makes of a server's command `name`, or with no server a notice saying it
/// needs one.
func withServer(
  _ name: Command.Name, _ state: AppState, _ effects: () -> [Effect]
) -> [Effect] {
  guard state.hasServer else { return [.show(.needsServer(name))] }
  return effects()
}

/// `/nick`: a nick the network's rules allow.
func changeNick(to typed: String, _ state: AppState) -> [Effect] {
  do { return [.perform(.changeNick(try state.nameRules.nick(typed).text))] } catch {
    return [.show(.badName(error))]
  }
}

/// `/monitor`: the nicks checked against the network's rules (one bad nick sends none).
func watch(_ request: MonitorRequest, _ state: AppState) -> [Effect] {
  func checked(_ nicks: [String]) throws(NameError) -> [String] {
    var result: [String] = []
    for nick in nicks { result.append(try state.nameRules.nick(nick).text) }
    return result
  }
  do {
    switch request {
    case .add(let nicks): return [.perform(.monitor(.add(try checked(nicks))))]
    case .remove(let nicks): return [.perform(.monitor(.remove(try checked(nicks))))]
    case .list: return [.perform(.monitor(.list))]
    }
  } catch {
    return [.show(.badName(error))]
  }
}

/// `/whois`: without a nick, the person of the active private chat, else you.
func whois(_ typed: String?, _ state: AppState) -> [Effect] {
  let active = state.conversations.active
  let nick = typed ?? (active.kind == .privateChat ? active.name.text : state.localName)
  do { return [.perform(.whois(try state.nameRules.nick(nick).text))] } catch {
    return [.show(.badName(error))]
  }
}

/// `/who`: a mask as given (a channel, a nick, a pattern), or the active channel.
func who(_ mask: String?, _ state: AppState) -> [Effect] {
  if let mask { return [.perform(.who(mask))] }
  do { return [.perform(.who(try channel(nil, state).text))] } catch {
    return [.show(.missingArgument(.who))]
  }
}

/// `/notice`: to a channel or a nick, open or not; nothing opens.
func sendNotice(_ text: String, to typed: String, _ state: AppState) -> [Effect] {
  do { return [.perform(.notice(to: try state.nameRules.name(typed), text: text))] } catch {
    return [.show(.badName(error))]
  }
}

/// `/invite`: into the channel named, or the active one.
func invite(_ typed: String, into channel: String?, _ state: AppState) -> [Effect] {
  do {
    let nick = try checked { () throws(NameError) in try state.nameRules.nick(typed) }
    return [.perform(.invite(nick.text, to: try ChatCore.channel(channel, state)))]
  } catch {
    return [.show(error.notice)]
  }
}

/// `/kick`: in the active channel, or the one named first (`/kick #ops bob why`, as irssi
/// takes it).
func kick(typed word: String, reason: String?, _ state: AppState) -> [Effect] {
  let rules = state.nameRules
  var (nick, reason, channel) = (word, reason, String?.none)
  if rules.isChannel(word), let rest = reason {
    let (next, after) = firstWord(of: Substring(rest))
    if let next {
      (channel, nick, reason) = (word, String(next), after.isEmpty ? nil : String(after))
    }
  }
  return kick(nick, from: channel, reason: reason, state)
}

/// `/kick` with its channel known (nil: the active one).
func kick(_ typed: String, from channel: String?, reason: String?, _ state: AppState) -> [Effect] {
  do {
    let nick = try checked { () throws(NameError) in try state.nameRules.nick(typed) }
    let target = try ChatCore.channel(channel, state)
    return [.perform(.kick(nick.text, from: target, reason: reason))]
  } catch {
    return [.show(error.notice)]
  }
}

/// `/mode`: of the target named (a channel or a nick, yours), or the active channel.
func setModes(of target: String?, _ modes: [String], _ state: AppState) -> [Effect] {
  do {
    let name =
      if let target {
        try checked { () throws(NameError) in try state.nameRules.name(target) }
      } else {
        try channel(nil, state)
      }
    return [.perform(.setModes(of: name.text, modes: modes))]
  } catch {
    return [.show(error.notice)]
  }
}

/// `/op`, `/voice`, `/ban` and their opposites, typed: in the channel named first, if one is,
/// else the active one.
func setMemberMode(
  _ mode: MemberMode, adding: Bool, typed targets: [String], _ state: AppState
) -> [Effect] {
  guard let first = targets.first, state.nameRules.isChannel(first) else {
    return setMemberMode(mode, adding: adding, targets: targets, in: nil, state)
  }
  guard targets.count > 1 else {
    return [.show(.missingArgument(Command.Name(mode, adding: adding)))]
  }
  return setMemberMode(mode, adding: adding, targets: Array(targets.dropFirst()), in: first, state)
}

/// A member mode for `targets` in `channel` (nil: the active one): nicks, or for a ban masks
/// too (`*!*@host`), which the session takes as they are.
func setMemberMode(
  _ mode: MemberMode, adding: Bool, targets: [String], in channel: String?, _ state: AppState
) -> [Effect] {
  let rules = state.nameRules
  do {
    let target = try ChatCore.channel(channel, state)
    var nicks: [String] = []
    for text in targets {
      nicks.append(
        mode == .ban && isMask(text)
          ? text : try checked { () throws(NameError) in try rules.nick(text).text })
    }
    return [.perform(.setMemberMode(mode, adding: adding, targets: nicks, in: target))]
  } catch {
    return [.show(error.notice)]
  }
}

/// `/quote`: the line as typed; only a blank one is refused.
func quote(_ line: String) -> [Effect] {
  guard line.contains(where: { !$0.isWhitespace }) else { return [.show(.missingArgument(.quote))] }
  return [.perform(.rawLine(line))]
}

/// The channel `typed` names, or the active conversation when nil and it is a channel.
private func channel(_ typed: String?, _ state: AppState) throws(TargetError) -> ConversationName {
  if let typed {
    return try checked { () throws(NameError) in try state.nameRules.channel(typed) }
  }
  let active = state.conversations.active
  guard active.kind == .channel else { throw .notAChannel(active.name) }
  return active.name
}

/// What `body` checks, its name error a `TargetError`.
private func checked<Value>(_ body: () throws(NameError) -> Value) throws(TargetError) -> Value {
  do { return try body() } catch { throw .badName(error) }
}

/// A ban mask rather than a nick: it holds `!`, `@` or a wildcard, and nothing that would
/// break the line or another parameter.
private func isMask(_ text: String) -> Bool {
  text.unicodeScalars.contains { "!@*?".unicodeScalars.contains($0) }
    && !text.unicodeScalars.contains { $0.value < 0x21 || $0 == "," || $0.value == 0x7F }
}

/// Why a server's command could not name what it acts on: a bad name, or a channel command
/// outside a channel.
private enum TargetError: Error {
  case badName(NameError)
  case notAChannel(ConversationName)

  var notice: Notice {
    switch self {
    case .badName(let error): .badName(error)
    case .notAChannel(let name): .notAChannel(name)
    }
  }
}

extension Command.Name {
  /// The short command that gives (`adding`) or takes `mode`.
  init(_ mode: MemberMode, adding: Bool) {
    switch mode {
    case .operator: self = adding ? .op : .deop
    case .voice: self = adding ? .voice : .devoice
    case .ban: self = adding ? .ban : .unban
    }
  }
}
