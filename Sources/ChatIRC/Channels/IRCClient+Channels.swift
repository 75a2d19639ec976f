import ChatCore

/// The router's side of the channels part (`IRCChannels`): each line parsed, told whether it
/// is about us, and what changed reported.
extension IRCClient {
  /// `JOIN #chan` (or `JOIN #chan key` for a `+k` channel): remembered, with its key, to be
  /// joined again after a reconnect. A key that is no word (a space, a comma, a control
  /// character) is refused, without showing it.
  mutating func joinChannel(_ channel: String, key joinKey: String?, into output: inout IRCOutput) {
    if let joinKey, !Self.isValidWord(joinKey) {
      output.events.append(
        .intentRefused(
          reason: "not joining \(channel): its key holds a space, comma or control"
            + " character"))
      return
    }
    let key = folded(channel)
    channels.joining(
      channel, key: key, remember: true, joinKey: joinKey, mapping: support.caseMapping)
    let parameters = [channel] + (joinKey.map { [$0] } ?? [])
    delivery.outbox.queue(.command(IRCMessage(command: "JOIN", parameters: parameters)))
  }

  mutating func receiveJoin(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), let channel = message.parameters.first
    else { return countMalformed() }
    let key = folded(channel)
    if isUs(source.nick) {
      if let user = source.user, let host = source.host { (self.user, self.host) = (user, host) }
      guard channels.weJoined(channel, key: key) else { return }
      output.events.append(.joined(channel: channel))
      askAboutMembers(of: channel, key: key, into: &output)
    } else if let name = channels.name(key) {
      // `extended-join`: `JOIN #chan account :Real Name`, `*` for no account.
      let parameters = message.parameters
      let extended = capabilities.contains("extended-join") && parameters.count >= 3
      let account = extended && parameters[1] != "*" ? parameters[1] : nil
      output.events.append(
        .userJoined(
          channel: name, nick: source.nick, account: account,
          realName: extended ? parameters[2] : nil))
    }
  }

  /// `ACCOUNT name` (`account-notify`): a member logged in; `ACCOUNT *`: logged out.
  mutating func receiveAccount(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), !source.nick.isEmpty,
      let account = message.parameters.first, !account.isEmpty
    else { return countMalformed() }
    guard !isUs(source.nick) else { return }
    output.events.append(
      .userAccountChanged(nick: source.nick, account: account == "*" ? nil : account))
  }

  /// `CHGHOST user host` (`chghost`): a member's user name and host changed, in place of the
  /// quit and join a server sends to clients without the capability. Ours is kept: the
  /// longest message that fits a line counts our `nick!user@host`.
  mutating func receiveHostChange(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard let source = message.source.map(IRCSource.init), !source.nick.isEmpty,
      parameters.count >= 2, Self.isValidWord(parameters[0]), Self.isValidWord(parameters[1])
    else { return countMalformed() }
    if isUs(source.nick) {
      (user, host) = (parameters[0], parameters[1])
    } else {
      output.events.append(
        .userHostChanged(nick: source.nick, user: parameters[0], host: parameters[1]))
    }
  }

  /// `SETNAME :Real Name` (`setname`): a member's real name changed, or ours was taken.
  mutating func receiveRealName(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), !source.nick.isEmpty,
      let realName = message.parameters.first
    else { return countMalformed() }
    output.events.append(
      isUs(source.nick)
        ? .realNameChanged(realName) : .userRealNameChanged(nick: source.nick, realName: realName))
  }

  mutating func receivePart(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), let channel = message.parameters.first
    else { return countMalformed() }
    let key = folded(channel)
    let reason = message.parameters.count > 1 ? message.parameters[1] : nil
    guard let name = channels.name(key) else { return }
    if isUs(source.nick) {
      _ = channels.weLeft(key)
      output.events.append(.parted(channel: name, reason: reason))
    } else {
      output.events.append(.userParted(channel: name, nick: source.nick, reason: reason))
    }
  }

  mutating func receiveKick(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard let source = message.source.map(IRCSource.init), parameters.count >= 2 else {
      return countMalformed()
    }
    let key = folded(parameters[0])
    let reason = parameters.count > 2 ? parameters[2] : nil
    guard let name = channels.name(key) else { return }
    if isUs(parameters[1]) {
      _ = channels.weLeft(key)
      channels.forget(key, mapping: support.caseMapping)
      output.events.append(.kicked(channel: name, by: source.nick, reason: reason))
    } else {
      output.events.append(
        .userKicked(channel: name, nick: parameters[1], by: source.nick, reason: reason))
    }
  }

  mutating func receiveQuit(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init) else { return countMalformed() }
    guard !isUs(source.nick) else { return }
    output.events.append(.userQuit(nick: source.nick, reason: message.parameters.first))
  }

  /// `:bob!b@host AWAY :lunch` (away) and `:bob!b@host AWAY` (back); an empty message is
  /// back too, as `AWAY :` unsets it. Ours, should a server echo it, is not someone else's.
  mutating func receiveAway(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), !source.nick.isEmpty else {
      return countMalformed()
    }
    guard !isUs(source.nick) else { return }
    let text = message.parameters.first.flatMap { $0.isEmpty ? nil : $0 }
    output.events.append(.userAway(nick: source.nick, message: text))
  }

  mutating func receiveNick(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let source = message.source.map(IRCSource.init), let new = message.parameters.first,
      Self.isValidWord(new)
    else { return countMalformed() }
    if isUs(source.nick) {
      let previous = nick
      nick = new
      // The user's own choice is kept for the next connection; a rename by the server is not.
      if let requested = registration.requestedNick, support.caseMapping.equal(requested, new) {
        wantedNick = new
      }
      registration.requestedNick = nil
      // A history replay after a lost link names our lines by the nick we had then.
      for index in delivery.inFlight.indices { delivery.inFlight[index].renamed(to: new) }
      output.events.append(.nickChanged(from: previous, to: new))
    } else {
      output.events.append(.userNickChanged(from: source.nick, to: new))
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
    channels.gatherNames(
      parameters[3], for: folded(parameters[2]), symbols: Set(support.prefixes.map(\.prefix)))
  }

  /// `366 me #chan :End of /NAMES list.`
  mutating func receiveEndOfNames(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 2 else { return countMalformed() }
    let (name, members) = channels.endOfNames(folded(parameters[1]))
    output.events.append(.names(channel: name ?? parameters[1], members: members))
  }

  /// `:op!o@host RENAME #old #new :reason`: a channel of ours has a new name. One into a name
  /// that is no channel here, or that of another channel we are in, or of a channel we are
  /// not in, is ignored (said, at most once a second).
  mutating func receiveRename(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 2 else { return countMalformed() }
    let (old, new) = (parameters[0], parameters[1])
    let reason = parameters.count > 2 && !parameters[2].isEmpty ? parameters[2] : nil
    guard isValidChannel(new), Self.isValidWord(new) else {
      return ignored("a RENAME into '\(new)', which is no channel name here", into: &output)
    }
    guard let name = channels.name(folded(old)) else {
      return ignored("a RENAME of '\(old)', a channel you are not in", into: &output)
    }
    guard channels.renamed(folded(old), to: new, newKey: folded(new), mapping: support.caseMapping)
    else {
      return ignored("a RENAME of \(name) into \(new), a channel you are in", into: &output)
    }
    output.events.append(.channelRenamed(from: name, to: new, reason: reason))
  }

  mutating func countMalformed() {
    statistics.malformedLines += 1
  }
}
