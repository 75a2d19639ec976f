import ChatCore

extension IRCClient {
  mutating func receiveJoin(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), let channel = message.parameters.first
    else { return countMalformed() }
    let key = folded(channel)
    if isUs(source.nick) {
      if let user = source.user, let host = source.host { (self.user, self.host) = (user, host) }
      pendingJoins.remove(key)
      guard channels[key] == nil, channels.count < 10_000 else { return }
      channels[key] = IRCChannelState(name: channel)
      output.events.append(.joined(channel: channel))
    } else if channels[key] != nil {
      let member = folded(source.nick)
      channels[key]?.add(source.nick, folded: member)
      output.events.append(.userJoined(channel: channels[key]!.name, nick: source.nick))
    }
  }

  mutating func receivePart(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), let channel = message.parameters.first
    else { return countMalformed() }
    let key = folded(channel)
    let reason = message.parameters.count > 1 ? message.parameters[1] : nil
    guard let state = channels[key] else { return }
    if isUs(source.nick) {
      channels[key] = nil
      output.events.append(.parted(channel: state.name, reason: reason))
    } else {
      let member = folded(source.nick)
      channels[key]?.members[member] = nil
      output.events.append(.userParted(channel: state.name, nick: source.nick, reason: reason))
    }
  }

  mutating func receiveKick(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard let source = message.source.map(IRCSource.init), parameters.count >= 2 else {
      return countMalformed()
    }
    let key = folded(parameters[0])
    let reason = parameters.count > 2 ? parameters[2] : nil
    guard let state = channels[key] else { return }
    if isUs(parameters[1]) {
      channels[key] = nil
      let mapping = support.caseMapping
      autojoin.removeAll { mapping.folded($0) == key }
      output.events.append(.kicked(channel: state.name, by: source.nick, reason: reason))
    } else {
      let member = folded(parameters[1])
      channels[key]?.members[member] = nil
      output.events.append(
        .userKicked(channel: state.name, nick: parameters[1], by: source.nick, reason: reason))
    }
  }

  mutating func receiveQuit(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init) else { return countMalformed() }
    guard !isUs(source.nick) else { return }
    let member = folded(source.nick)
    var left: [String] = []
    for (key, state) in channels where state.members[member] != nil {
      channels[key]?.members[member] = nil
      left.append(state.name)
    }
    output.events.append(
      .userQuit(nick: source.nick, reason: message.parameters.first, channels: left.sorted()))
  }

  mutating func receiveNick(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), let new = message.parameters.first,
      Self.isValidWord(new)
    else { return countMalformed() }
    let old = folded(source.nick)
    var renamed: [String] = []
    let newKey = folded(new)
    for (key, state) in channels where state.members[old] != nil {
      channels[key]?.members[old] = nil
      channels[key]?.add(new, folded: newKey)
      renamed.append(state.name)
    }
    if isUs(source.nick) {
      let previous = nick
      nick = new
      requestedNick = nil
      // A history replay after a lost link names our lines by the nick we had then.
      for index in inFlight.indices { inFlight[index].renamed(to: new) }
      output.events.append(.nickChanged(from: previous, to: new))
    } else {
      output.events.append(.userNickChanged(from: source.nick, to: new, channels: renamed.sorted()))
    }
  }

  mutating func receiveTopic(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 2 else { return countMalformed() }
    let setter = message.source.map { IRCSource($0).nick }
    let time = message.tags["time"].flatMap(IRCServerTime.parse) ?? now
    output.events.append(
      .topic(channel: parameters[0], text: parameters[1], setBy: setter, time: time))
  }

  /// `331 me #chan :No topic is set` and `332 me #chan :the topic`.
  mutating func receiveTopicReply(
    _ message: IRCMessage, isEmpty: Bool, into output: inout IRCOutput
  ) {
    let parameters = message.parameters
    guard parameters.count >= 3 else { return countMalformed() }
    let text = isEmpty ? "" : parameters[2]
    output.events.append(.topic(channel: parameters[1], text: text, setBy: nil, time: nil))
  }

  /// `333 me #chan setter 1796116348`.
  mutating func receiveTopicSetter(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 3 else { return countMalformed() }
    let seconds = parameters.count > 3 ? Int64(parameters[3]) : nil
    let time = seconds.flatMap {
      abs($0) < 100_000_000_000 ? Timestamp(millisecondsSinceEpoch: $0 * 1000) : nil
    }
    output.events.append(
      .topicSetBy(channel: parameters[1], nick: IRCSource(parameters[2]).nick, time: time))
  }

  /// `353 me = #chan :@alice +bob carol!c@host`: gathered until `366`.
  mutating func receiveNames(_ message: IRCMessage) {
    let parameters = message.parameters
    guard parameters.count >= 4 else { return countMalformed() }
    let key = folded(parameters[2])
    guard namesInProgress[key] != nil || namesInProgress.count < 100 else { return }
    var members = namesInProgress[key] ?? []
    let symbols = Set(support.prefixes.map(\.prefix))
    for name in parameters[3].split(separator: " ") where members.count < IRCChannelState.memberCap
    {
      let prefixes = name.prefix { symbols.contains($0) }
      let nick = IRCSource(name.dropFirst(prefixes.count)).nick
      guard !nick.isEmpty else { continue }
      members.append(IRCMember(nick: nick, prefixes: String(prefixes)))
    }
    namesInProgress[key] = members
  }

  /// `366 me #chan :End of /NAMES list.`
  mutating func receiveEndOfNames(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 2 else { return countMalformed() }
    let key = folded(parameters[1])
    let members = namesInProgress.removeValue(forKey: key) ?? []
    if channels[key] != nil {
      channels[key]?.members = [:]
      let mapping = support.caseMapping
      for member in members {
        channels[key]?.add(member.nick, folded: mapping.folded(member.nick))
      }
    }
    output.events.append(.names(channel: channels[key]?.name ?? parameters[1], members: members))
  }

  mutating func countMalformed() {
    statistics.malformedLines += 1
  }
}
