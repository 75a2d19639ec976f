import ChatCore

/// Typing notifications: the `+typing` client tag on a `TAGMSG` (IRCv3 `typing`, carried by
/// `message-tags`). The core decides when to say what (at most one `active` every 3 s,
/// `paused`, `done`); the client only says it, where the server relays it, and reports what
/// others say.
extension IRCClient {
  /// Whether the server relays our `+typing`: `message-tags` is on and `CLIENTTAGDENY` does
  /// not deny `typing` (by name, or by `*` without `-typing`).
  public var relaysTyping: Bool {
    registration.capabilities.contains("message-tags") && support.clientTagDeny.allows("typing")
  }

  /// `@+typing=STATE TAGMSG target`, written at once where the server relays it, ahead of
  /// lines waiting for the pacing allowance and taking none: it never holds a message back
  /// (the core sends one at most every 3 s), and a replay (which has no keys, so writes none)
  /// paces its lines as live did. Marked ephemeral: never recorded.
  mutating func writeTyping(_ state: TypingState, to target: String, into output: inout IRCOutput) {
    guard phase == .registered, relaysTyping, Self.isValidWord(target) else { return }
    let line = IRCMessage(
      tags: ["+typing": state.rawValue], command: "TAGMSG", parameters: [target])
    output.ephemeralLines.insert(output.lines.count)
    output.lines.append(line.serialized)
  }

  /// `TAGMSG` from someone with `+typing`: reported for the channel it names, or for a
  /// private one their private chat; ours (echoed), one from a history, one without a source
  /// or with a state that is none of the three are not.
  mutating func receiveTyping(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let value = message.tags["+typing"] else { return }
    guard let sourceText = message.source, var target = message.parameters.first else {
      return countMalformed()
    }
    let source = IRCSource(sourceText)
    guard let state = TypingState(rawValue: value), !source.isServer, !isUs(source.nick),
      Self.isValidWord(source.nick), !batches.isHistory(message.tags["batch"])
    else { return }
    // STATUSMSG: `@#chat` is #chat's operators.
    if let first = target.first, support.prefixes.contains(where: { $0.prefix == first }),
      support.isChannel(target.dropFirst())
    {
      target.removeFirst()
    }
    let conversation = support.isChannel(target) ? target : source.nick
    output.events.append(.typing(conversation: conversation, nick: source.nick, state: state))
  }
}
