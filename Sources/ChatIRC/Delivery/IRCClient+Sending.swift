import ChatCore
import FoundationEssentials

extension IRCClient {
  /// Labels a caller gives longer than this are replaced by a counter's, so the tags stay
  /// far inside `IRCTextSplitter.clientTagBudget`.
  static let longestLabel = 64

  /// A user (or host) as long as a server is likely to make it, for splitting before the
  /// server has told us ours.
  static let unknownUser = String(repeating: "u", count: 10)
  static let unknownHost = String(repeating: "h", count: 63)

  /// What `QUIT` says when the user gave no reason.
  public static let defaultQuitReason = "chat"

  mutating func handle(_ intent: IRCIntent, into output: inout IRCOutput) {
    // The watch list is the client's, kept while disconnected: sent when the server can take it.
    if case .monitor(let request) = intent { return performMonitor(request, into: &output) }
    guard phase == .registering || phase == .registered else {
      switch intent {
      case .send(let id, _, _, _, _, _):
        lineFailed(id: id, reason: "not sent: not connected", into: &output)
      case .join(let channel, _):
        // A join is answered either way: whoever waits for it hears why now.
        output.events.append(.joinFailed(channel: channel, reason: "not connected"))
      case .part(let channel, _):
        output.events.append(.intentRefused(reason: "cannot leave \(channel): not connected"))
      case .setTopic(let channel, _):
        output.events.append(
          .intentRefused(reason: "cannot set the topic of \(channel): not connected"))
      case .changeNick, .quit, .invite, .kick, .listChannels, .notice, .rawLine, .setAway,
        .setRealName, .setMemberMode, .setModes, .who, .whois, .react:
        output.events.append(.intentRefused(reason: "not connected"))
      case .monitor:
        break  // Carried out above.
      case .fetchHistory, .fetchHistoryTargets:
        break  // The reconnect fetches what was missed.
      case .markRead:
        break  // The server tells the marker on joining again.
      case .typing:
        break  // Nobody to tell.
      }
      return
    }
    if phase == .registering {
      // Before `001` the server would refuse them (451); quitting needs no registration.
      // Typing is news now or never.
      if case .typing = intent { return }
      if case .quit = intent {
      } else {
        delivery.heldIntents.append(intent)
        return
      }
    }
    switch intent {
    case .send(let id, let target, let text, let isAction, let label, let replyTo):
      queueMessage(
        id: id, target: target, text: text, isAction: isAction, label: label, replyTo: replyTo,
        into: &output)
    case .join(let channel, let key):
      guard isValidChannel(channel) else {
        output.events.append(
          .joinFailed(channel: channel, reason: "'\(channel)' is not a channel name here"))
        return
      }
      joinChannel(channel, key: key, into: &output)
    case .part(let channel, let reason):
      guard isValidChannel(channel) else {
        output.events.append(.intentRefused(reason: "'\(channel)' is not a channel name here"))
        return
      }
      channels.forget(folded(channel), mapping: support.caseMapping)
      delivery.outbox.queue(
        .command(
          IRCMessage(command: "PART", parameters: [channel] + (reason.map { [clean($0)] } ?? []))))
    case .setTopic(let channel, let text):
      guard isValidChannel(channel) else {
        output.events.append(.intentRefused(reason: "'\(channel)' is not a channel name here"))
        return
      }
      delivery.outbox.queue(
        .command(IRCMessage(command: "TOPIC", parameters: [channel, clean(text)])))
    case .changeNick(let newNick):
      guard Self.isValidWord(newNick) else {
        output.events.append(.intentRefused(reason: "'\(newNick)' is not a nick"))
        return
      }
      registration.requestedNick = newNick
      delivery.outbox.queue(.command(IRCMessage(command: "NICK", parameters: [newNick])))
    case .quit(let reason):
      phase = .quitting(since: now)
      delivery.outbox.queue(
        .command(
          IRCMessage(command: "QUIT", parameters: [clean(reason ?? Self.defaultQuitReason)])))
    case .fetchHistory(let target, let range):
      fetchHistory(of: target, range)
    case .fetchHistoryTargets(let since):
      fetchHistoryTargets(since: since)
    case .markRead(let target, let time):
      markRead(target, upTo: time, into: &output)
    case .typing(let target, let state):
      writeTyping(state, to: target, into: &output)
    case .invite, .kick, .listChannels, .monitor, .notice, .rawLine, .react, .setAway,
      .setRealName, .setMemberMode, .setModes, .who, .whois:
      perform(command: intent, into: &output)
    }
  }

  /// Splits the text to fit the relayed line and queues its pieces.
  mutating func queueMessage(
    id: UUID, target: String, text: String, isAction: Bool, label: String?,
    replyTo: String? = nil, into output: inout IRCOutput
  ) {
    // Sent again (`/retry`): this attempt's lines wait for a history like any other's.
    delivery.reconciliation.forgotten.removeAll { $0 == id }
    guard Self.isValidWord(target) else {
      return lineFailed(id: id, reason: "'\(target)' is not a target", into: &output)
    }
    // A message of several lines (a paste, a JSON `send` holding line feeds): see
    // `IRCClient+Multiline`.
    let lines = text.utf8.contains(0x0A) ? self.lines(of: text) : [clean(text)]
    let cleaned = lines.count == 1 ? lines[0] : ""
    guard !cleaned.isEmpty || lines.count > 1 else {
      return lineFailed(id: id, reason: "nothing to send", into: &output)
    }
    if replyTo != nil, let refusal = clientTagRefusal(Self.replyTagName) {
      return lineFailed(id: id, reason: "not sent as a reply: " + refusal, into: &output)
    }
    let prefix = IRCTextSplitter.relayedPrefixBytes(
      nick: nick, user: user ?? Self.unknownUser, host: host ?? Self.unknownHost, target: target)
    let budget = IRCTextSplitter.textBudget(
      relayedPrefixBytes: prefix + (isAction ? IRCCTCP.actionOverheadBytes : 0),
      lineLength: support.lineLength)
    guard lines.count == 1 else {
      return queueMultiline(
        id: id, target: target, lines: lines, isAction: isAction, label: label,
        replyTo: replyTo, budget: budget, into: &output)
    }
    let pieces = IRCTextSplitter.split(cleaned, maxBytes: budget)
    if pieces.count > 1 {
      delivery.messages.split(id, into: pieces.count)
      output.events.append(.messageSplit(id: id, parts: pieces.count))
    }
    let base = label.flatMap { $0.utf8.count <= Self.longestLabel && !$0.isEmpty ? $0 : nil }
    for (part, piece) in pieces.enumerated() {
      // Without the caller's label one is taken from the counter when the line is written.
      let label = base.map { part == 0 ? $0 : "\($0).\(part + 1)" } ?? ""
      delivery.outbox.queue(
        .part(
          IRCInFlightLine(
            id: id, part: part, parts: pieces.count, target: target, text: piece,
            isAction: isAction, label: label, replyTo: replyTo)))
    }
  }

  /// Writes what the pacing allows, protocol replies first.
  mutating func pump(into output: inout IRCOutput) {
    guard isConnected else { return }
    while !delivery.outbox.isEmpty || delivery.confirmingPingDue {
      // A confirming PING goes before the next ordered line, after urgent ones.
      if delivery.confirmingPingDue, delivery.outbox.urgent.isEmpty {
        guard delivery.bucket.take(at: now) else { return }
        delivery.confirmingPingDue = false
        writePing(isKeepalive: false, token: nextToken(), into: &output)
        continue
      }
      // The PING after the rejoining JOINs takes no allowance: lines after it go when they
      // would have without it (a recording made before it replays the same).
      if case .rejoinPing(let token) = delivery.outbox.next {
        _ = delivery.outbox.removeNext()
        writePing(isKeepalive: false, token: token, into: &output)
        continue
      }
      guard delivery.bucket.take(at: now), let entry = delivery.outbox.removeNext() else { return }
      switch entry {
      case .control(let message), .command(let message):
        write(command: message, into: &output)
      case .keepalive(let token):
        writePing(isKeepalive: true, token: token, into: &output)
      case .part(let line):
        write(line, into: &output)
      case .ctcpAnswer(let message):
        (delivery.lastCTCPAnswer, delivery.ctcpAnswerWaiting) = (now, false)
        output.lines.append(message.serialized)
      case .rejoinPing(let token):
        writePing(isKeepalive: false, token: token, into: &output)  // Taken above.
      }
    }
  }

  private mutating func write(_ line: IRCInFlightLine, into output: inout IRCOutput) {
    var line = line
    delivery.writeSequence += 1
    line.sequence = delivery.writeSequence
    line.writtenAt = now
    line.nicks = [nick]
    line.connection = delivery.reconciliation.connection
    var message = IRCMessage(command: "PRIVMSG", parameters: [line.target, line.wireText])
    if let replyTo = line.replyTo { message.tags["+" + Self.replyTagName] = replyTo }
    let labeled = registration.capabilities.contains("labeled-response")
    if labeled {
      line.confirmation = .label
      if line.label.isEmpty { line.label = nextToken() }
      message.tags["label"] = line.label
    } else if registration.capabilities.contains("echo-message") {
      line.confirmation = .echo
    } else {
      line.confirmation = .pong
      delivery.unconfirmedSincePing += 1
      // One PING confirms every line before it: send it after a run of lines, or every
      // fourth line of a long run so confirmations keep coming.
      if !delivery.outbox.nextIsPart || delivery.unconfirmedSincePing >= 4 {
        delivery.confirmingPingDue = true
      }
    }
    delivery.inFlight.append(line)
    delivery.messages.written(line.id, at: now)
    if let batch = line.batch {
      writeBatch(
        batch, to: line.target, label: labeled ? line.label : nil, replyTo: line.replyTo,
        into: &output)
    } else {
      output.lines.append(message.serialized)
    }
  }

  private mutating func writePing(isKeepalive: Bool, token: String, into output: inout IRCOutput) {
    if isKeepalive {
      keepalive.pingWritten(token, at: now)
    } else {
      delivery.unconfirmedSincePing = 0
    }
    delivery.pings[token] = IRCDelivery.SentPing(sentAt: now, covers: delivery.writeSequence)
    output.lines.append(IRCMessage(command: "PING", parameters: [token]).serialized)
  }

  /// `text` with NUL, CR and LF (which would end or break the line) turned into spaces.
  func clean(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0 == "\0" || $0 == "\n" || $0 == "\r" ? " " : $0 }))
  }

  func isValidChannel(_ name: String) -> Bool {
    Self.isValidWord(name) && support.isChannel(name) && !name.contains(",")
      && !name.unicodeScalars.contains("\u{7}")
  }

  /// A nick or target: not empty, no space, comma or control character, no leading `:`.
  static func isValidWord(_ word: String) -> Bool {
    !word.isEmpty && word.utf8.first != UInt8(ascii: ":") && word.utf8.count <= 200
      && !word.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: ",") || $0 == 0x7F }
  }
}
