import ChatCore

/// `MODE` and `INVITE` lines about the channels we are in.
extension IRCClient {
  /// The most mode letters read from one `MODE` line: a hostile one cannot make the walk long.
  static let modeLettersCap = 100

  /// `:alice!a@h MODE #chat +ov-b bob carol *!*@x`: shown in the channel, each membership
  /// mode a rank given or taken. Our own modes (`MODE alice +i`) and channels not ours are
  /// not shown.
  mutating func receiveMode(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 2, let sourceText = message.source else {
      return countMalformed()
    }
    guard support.isChannel(parameters[0]), let name = channels.name(folded(parameters[0]))
    else { return }
    let ranks = Self.rankChanges(
      parameters[1], arguments: parameters.dropFirst(2), support: support)
    output.events.append(
      .channelModeChanged(
        channel: name, by: IRCSource(sourceText).nick,
        modes: parameters.dropFirst().joined(separator: " "), ranks: ranks))
  }

  /// The membership prefixes given and taken by the mode string `modes` with its `arguments`,
  /// read by the server's `PREFIX` and `CHANMODES`.
  static func rankChanges(
    _ modes: String, arguments: ArraySlice<String>, support: ISupport
  ) -> [RankChange] {
    let prefixOf = Dictionary(
      support.prefixes.map { ($0.mode, $0.prefix) }, uniquingKeysWith: { first, _ in first })
    let membership = Set(prefixOf.keys)
    var arguments = arguments.makeIterator()
    var adding = true
    var changes: [RankChange] = []
    for mode in modes.prefix(modeLettersCap) {
      switch mode {
      case "+": adding = true
      case "-": adding = false
      default:
        guard
          support.channelModes.takesParameter(mode, adding: adding, membership: membership),
          let argument = arguments.next()
        else { continue }
        if let prefix = prefixOf[mode], !argument.isEmpty {
          changes.append(RankChange(argument, prefix: prefix, isGiven: adding))
        }
      }
    }
    return changes
  }

  /// `:alice!a@h INVITE bob #chat`: an invitation for us, or (`invite-notify`) someone
  /// invited into a channel of ours.
  mutating func receiveInvite(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 2, let sourceText = message.source, !parameters[0].isEmpty,
      support.isChannel(parameters[1])
    else { return countMalformed() }
    let channel = channels.name(folded(parameters[1])) ?? parameters[1]
    guard isUs(parameters[0]) || channels.name(folded(parameters[1])) != nil else { return }
    // Our own invitation, told back by invite-notify: the server's 341 already said it.
    let source = IRCSource(sourceText)
    if isUs(source.nick), !source.isServer { return }
    output.events.append(
      .invited(nick: parameters[0], channel: channel, by: source.nick))
  }
}
