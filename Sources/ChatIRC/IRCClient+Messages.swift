import ChatCore
import IRCFormattingCodes

extension IRCClient {
  /// `PRIVMSG` and `NOTICE`: our echo, or a message for a conversation.
  mutating func receiveMessage(
    _ message: IRCMessage, isNotice: Bool, into output: inout IRCOutput
  ) {
    let parameters = message.parameters
    guard parameters.count >= 2, let sourceText = message.source else {
      // A notice without a source, before registration, is the server talking.
      if isNotice, let text = parameters.last {
        output.events.append(.serverNotice(server: message.source, text: text))
      } else {
        countMalformed()
      }
      return
    }
    let source = IRCSource(sourceText)
    var (target, text) = (parameters[0], parameters[1])
    if isNotice, source.isServer || target == "*" {
      output.events.append(.serverNotice(server: source.nick, text: text))
      return
    }
    var kind: IRCIncomingMessage.Kind = isNotice ? .notice : .message
    let batch = message.tags["batch"]
    if let ctcp = IRCCTCP(parsing: text) {
      guard ctcp.command == "ACTION", !isNotice else {
        // Replies are not shown; of the requests only VERSION and PING are answered, at
        // most one a second, and never one replayed from history.
        if isNotice || batches.isHistory(batch)
          || !answerCTCP(ctcp, from: source, into: &output)
        {
          statistics.ignoredCTCP += 1
        }
        return
      }
      kind = .action
      text = ctcp.parameters
    }
    let isHistory = batches.isHistory(batch)
    let serverTime = message.tags["time"].flatMap(IRCServerTime.parse)
    if isHistory, !isNotice, !delivery.reconciliation.batches.isEmpty,
      reconcileHistoryLine(
        message, source: source, text: text, isAction: kind == .action, serverTime: serverTime,
        into: &output)
    {
      return
    }
    // The reconciliation's own question is read for our lines, never shown: what it brings
    // that chat had not seen comes with the core's catch-up (or, `--history 0`, not at all).
    if isHistory, let batch, history.answersProbe(batch) { return }
    let isOwn = isUs(source.nick)
    if isOwn, !isHistory, !isNotice,
      confirmEcho(
        message, target: target, text: text, isAction: kind == .action,
        serverTime: serverTime, into: &output)
    {
      if let user = source.user, let host = source.host { (self.user, self.host) = (user, host) }
      return
    }
    // STATUSMSG: `@#chat` is #chat's operators.
    if let first = target.first, support.prefixes.contains(where: { $0.prefix == first }),
      support.isChannel(target.dropFirst())
    {
      target.removeFirst()
    }
    let isPrivate = !support.isChannel(target)
    let conversation = isPrivate && !isOwn ? source.nick : target
    let incoming = IRCIncomingMessage(
      kind: kind, sender: source.nick, source: sourceText, target: parameters[0],
      conversation: conversation, isPrivate: isPrivate, text: text, msgid: message.tags["msgid"],
      serverTime: serverTime, receivedAt: now, isHistory: isHistory, isOwn: isOwn,
      // History is no news, so never a mention: its text is not searched for our nick.
      mentionsUs: !isOwn && !isHistory && (isPrivate || mentions(text)),
      account: message.tags["account"],
      isBot: message.tags["bot"] != nil, replyTo: Self.replyTag(of: message))
    // A line of one of our messages (a history replayed on rejoining) is that message's.
    switch delivery.messages.arrived(incoming) {
    case .shown(let shown): output.events.append(.received(shown))
    case .held: break
    }
  }

  /// `BATCH +ref type …` opens, `BATCH -ref` closes.
  mutating func receiveBatch(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let reference = message.parameters.first, reference.count > 1 else {
      return countMalformed()
    }
    let name = String(reference.dropFirst())
    switch reference.first {
    case "+":
      guard message.parameters.count >= 2,
        batches.start(
          name, type: message.parameters[1], parent: message.tags["batch"],
          label: message.tags["label"])
      else { return countMalformed() }
      if !delivery.reconciliation.carried.isEmpty {
        historyBatchOpened(name, type: message.parameters[1], parameters: message.parameters)
      }
      historyBatchStarted(name, parent: message.tags["batch"], parameters: message.parameters)
      multilineBatchStarted(name, message)
    case "-":
      let gathered = multiline.finish(name)
      batches.end(name)
      // A multiline message is handled as one line saying all of it would be.
      if let gathered { handle(gathered, IRCCommand(gathered.command), into: &output) }
      // Where the server keeps history, only the reconciliation's own question judges the
      // lines it carries (asked before the fetch closes); elsewhere a replay on joining does.
      let judges = history.fetch(answeredBy: name)?.isProbe ?? !offersHistory
      historyBatchClosed(name, judges: judges, into: &output)
      historyBatchEnded(name, into: &output)
    default: countMalformed()
    }
  }

  /// Whether `text` names us: our nick as a whole word, under the server's case mapping.
  func mentions(_ text: String) -> Bool {
    let wanted = folded(nick)
    let plain = IRCFormatting.stripped(text)
    // Most lines do not hold the nick at all: a byte search rules them out before the split.
    guard support.caseMapping.contains(folded: wanted, in: plain) else { return false }
    return plain.split(whereSeparator: { !Self.isNickCharacter($0) }).contains {
      $0.utf8.count == wanted.utf8.count && folded($0) == wanted
    }
  }

  static func isNickCharacter(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    switch ascii {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    default: return "[]\\`_^{|}-".utf8.contains(ascii)
    }
  }
}
