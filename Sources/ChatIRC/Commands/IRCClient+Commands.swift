import ChatCore

/// The user's server commands (`IRCIntent`s other than messages, joins and parts), each
/// written as the protocol's line and queued behind what is queued already, paced like every
/// line. What comes back is read in `IRCClient+Replies`.
extension IRCClient {
  /// Carries out `intent` (registered: held intents come here after `001`).
  mutating func perform(command intent: IRCIntent, into output: inout IRCOutput) {
    switch intent {
    case .invite(let nick, let channel):
      guard Self.isValidWord(nick), isValidChannel(channel) else {
        return refuse("cannot invite '\(nick)' to '\(channel)'", into: &output)
      }
      queueCommand("INVITE", [nick, channel])
    case .kick(let nick, let channel, let reason):
      guard Self.isValidWord(nick), isValidChannel(channel) else {
        return refuse("cannot kick '\(nick)' from '\(channel)'", into: &output)
      }
      queueCommand("KICK", [channel, nick] + (reason.map { [clean($0)] } ?? []))
    case .listChannels(let mask):
      if let mask, !Self.isValidMask(mask) {
        return refuse("'\(mask)' is not a channel mask", into: &output)
      }
      guard queries.askList(mask) else {
        return refuse(Self.tooManyWaiting("/channels"), into: &output)
      }
      queueCommand("LIST", mask.map { [$0] } ?? [])
    case .notice(let target, let text):
      queueNotice(text, to: target, into: &output)
    case .monitor(let request):
      performMonitor(request, into: &output)
    case .react(let target, let msgid, let reaction):
      performReact(target: target, msgid: msgid, reaction: reaction, into: &output)
    case .rawLine(let line):
      queueRawLine(line, into: &output)
    case .setAway(let message):
      // A blank message is none: `AWAY :` would mark us back on some servers, away on others.
      let text = message.map(clean).flatMap { $0.allSatisfy { $0 == " " } ? nil : $0 }
      queries.awayMessage = text
      queueCommand("AWAY", text.map { [$0] } ?? [])
    case .setRealName(let name):
      guard capabilities.contains("setname") else {
        return refuse("the server does not offer setname: your real name stays", into: &output)
      }
      queueCommand("SETNAME", [clean(name)])
    case .setMemberMode(let mode, let adding, let targets, let channel):
      queueMemberModes(mode, adding: adding, targets: targets, in: channel, into: &output)
    case .setModes(let target, let modes):
      guard Self.isValidWord(target), modes.allSatisfy(Self.isValidMask) else {
        return refuse("cannot change the modes of '\(target)' that way", into: &output)
      }
      queueCommand("MODE", [target] + modes)
      openReplyWindow()
    case .who(let mask):
      guard Self.isValidMask(mask) else { return refuse("'\(mask)' is not a mask", into: &output) }
      guard queries.askWho(mask) else { return refuse(Self.tooManyWaiting("/who"), into: &output) }
      queueCommand("WHO", [mask])
    case .whois(let nick):
      guard Self.isValidWord(nick) else { return refuse("'\(nick)' is not a nick", into: &output) }
      guard queries.askWhois(nick, key: folded(nick)) else {
        return refuse(Self.tooManyWaiting("/whois"), into: &output)
      }
      queueCommand("WHOIS", [nick])
    case .send, .join, .part, .setTopic, .changeNick, .quit, .fetchHistory,
      .fetchHistoryTargets, .markRead, .typing:
      // Messages, channels, the nick and leaving have their own paths
      // (`IRCClient+Sending`).
      break
    }
  }

  /// `NOTICE target :text`, split like a message to fit the line the server relays. Without
  /// `echo-message` nothing comes back, so each line is reported as ours as it is queued;
  /// with it, the server's echo reports it (`receiveMessage`).
  private mutating func queueNotice(_ text: String, to target: String, into output: inout IRCOutput)
  {
    let cleaned = clean(text)
    guard Self.isValidWord(target), !cleaned.isEmpty else {
      return refuse("cannot send a notice to '\(target)'", into: &output)
    }
    let prefix = IRCTextSplitter.relayedPrefixBytes(
      nick: nick, user: user ?? Self.unknownUser, host: host ?? Self.unknownHost, target: target)
    let budget = IRCTextSplitter.textBudget(
      relayedPrefixBytes: prefix, lineLength: support.lineLength)
    let echoes = registration.capabilities.contains("echo-message")
    for piece in IRCTextSplitter.split(cleaned, maxBytes: budget) {
      queueCommand("NOTICE", [target, piece])
      guard !echoes else { continue }
      let source = nick + (user.map { "!" + $0 } ?? "") + (host.map { "@" + $0 } ?? "")
      output.events.append(
        .received(
          IRCIncomingMessage(
            kind: .notice, sender: nick, source: source, target: target, conversation: target,
            isPrivate: !support.isChannel(target), text: piece, receivedAt: now, isOwn: true)))
    }
  }

  /// A line as the user wrote it: parsed (so it is one message), CR, LF and NUL made spaces,
  /// queued like any other, then a `PING` whose `PONG` ends the window in which the replies
  /// nothing else shows are shown. A secret in it is never shown: the refusal does not quote
  /// the line, and the written line is marked sensitive (`IRCClient.write(command:)`).
  private mutating func queueRawLine(_ line: String, into output: inout IRCOutput) {
    let cleaned = clean(line).drop { $0 == " " }
    let message: IRCMessage
    do { message = try IRCMessage(parsing: cleaned) } catch {
      return refuse("the line was not sent: \(error.shortDescription)", into: &output)
    }
    var withoutTags = message
    withoutTags.tags = [:]
    let length = withoutTags.serialized.utf8.count + 2
    guard length <= support.lineLength else {
      return refuse(
        "the line was not sent: \(length) bytes with its CR LF, more than the server's"
          + " \(support.lineLength)", into: &output)
    }
    delivery.outbox.queue(.command(message))
    openReplyWindow()
  }

  /// `MODE #chan +ooo a b c`: the targets in groups of the server's `MODES`, each group one
  /// line that fits the line length. A ban's nick becomes `nick!*@*`.
  private mutating func queueMemberModes(
    _ mode: MemberMode, adding: Bool, targets: [String], in channel: String,
    into output: inout IRCOutput
  ) {
    let arguments = targets.map { mode == .ban && !Self.isMaskLike($0) ? $0 + "!*@*" : $0 }
    guard isValidChannel(channel), !arguments.isEmpty, arguments.allSatisfy(Self.isValidWord)
    else {
      return refuse("cannot change modes in '\(channel)' for those names", into: &output)
    }
    let letter = Self.letter(of: mode)
    var group: [String] = []
    func line(_ group: [String]) -> IRCMessage {
      let modes = (adding ? "+" : "-") + String(repeating: letter, count: group.count)
      return IRCMessage(command: "MODE", parameters: [channel, modes] + group)
    }
    for argument in arguments {
      let longer = line(group + [argument]).serialized.utf8.count + 2
      if !group.isEmpty, group.count == support.modesPerLine || longer > support.lineLength {
        delivery.outbox.queue(.command(line(group)))
        group = []
      }
      group.append(argument)
    }
    delivery.outbox.queue(.command(line(group)))
  }

  /// The mode letter of a member mode: `o`, `v` and `b` on every server.
  static func letter(of mode: MemberMode) -> Character {
    switch mode {
    case .operator: "o"
    case .voice: "v"
    case .ban: "b"
    }
  }

  /// Queues a `PING` after the line just queued: until its `PONG`, replies nothing else shows
  /// are shown (as `serverReply`s).
  private mutating func openReplyWindow() {
    let token = nextToken()
    queries.openWindow(token: token)
    delivery.outbox.queue(.command(IRCMessage(command: "PING", parameters: [token])))
  }

  private mutating func queueCommand(_ command: String, _ parameters: [String]) {
    delivery.outbox.queue(.command(IRCMessage(command: command, parameters: parameters)))
  }

  private func refuse(_ reason: String, into output: inout IRCOutput) {
    output.events.append(.intentRefused(reason: reason))
  }

  private static func tooManyWaiting(_ command: String) -> String {
    "\(command) not sent: \(IRCQueries.pendingLimit) are still waiting for the server's answer"
  }

  /// A mask or a mode word: a word (no space, comma or control character), commas allowed
  /// where the protocol takes lists (`LIST #a,#b`).
  static func isValidMask(_ word: String) -> Bool {
    !word.isEmpty && word.utf8.first != UInt8(ascii: ":") && word.utf8.count <= 200
      && !word.utf8.contains { $0 <= 0x20 || $0 == 0x7F }
  }

  /// Whether a ban's target is a mask already (`*!*@host`, `bob!*@*`) rather than a nick.
  static func isMaskLike(_ word: String) -> Bool {
    word.contains("!") || word.contains("@") || word.contains("*") || word.contains("?")
  }
}

extension IRCParseError {
  /// What is wrong, without quoting the line (it may hold a secret).
  var shortDescription: String {
    switch self {
    case .forbiddenCharacter: "it holds a forbidden character"
    case .invalidCommand: "its command is not letters or three digits"
    case .missingCommand: "it has no command"
    case .emptySource: "it has an empty source after ':'"
    }
  }
}

extension IRCClient {
  /// Writes a protocol line or a command, marked sensitive when it carries a secret (a
  /// `JOIN` with a key, a hand-written `PASS` or `OPER`): written, never recorded or shown.
  mutating func write(command message: IRCMessage, into output: inout IRCOutput) {
    let line = message.serialized
    if Self.mayCarrySecret(message.command), SecretRedaction.redacted(rawLine: line) != nil {
      output.appendSensitive(line)
    } else {
      output.lines.append(line)
    }
  }

  /// Whether a line with this command may carry a secret: the few `SecretRedaction` knows,
  /// told apart before any line is looked into.
  private static func mayCarrySecret(_ command: String) -> Bool {
    switch command.uppercased() {
    case "PASS", "AUTHENTICATE", "OPER", "NICKSERV", "NS", "JOIN", "PRIVMSG", "NOTICE": true
    default: false
    }
  }
}
