import ChatCore
import FoundationEssentials

/// Replies and reactions (IRCv3 `+draft/reply`, `+draft/react`): client tags, sent only where
/// the server relays them (`message-tags`, and not denied by its `CLIENTTAGDENY`), read on
/// any message. The names are the work-in-progress specifications' (`draft/`), which is
/// what other clients send; the final names (`+reply`, `+react`) are read too.
extension IRCClient {
  /// The reply tag's name, without its `+`.
  static let replyTagName = "draft/reply"
  /// The reaction tag's name, without its `+`.
  static let reactTagName = "draft/react"

  /// The msgid `message` answers (`+draft/reply`, or `+reply`), when it is one a server could
  /// have made: not empty, no longer than `MessageReference.longestServerMessageID`.
  static func replyTag(of message: IRCMessage) -> String? {
    guard let value = message.tags["+" + replyTagName] ?? message.tags["+reply"],
      !value.isEmpty, value.utf8.count <= MessageReference.longestServerMessageID
    else { return nil }
    return value
  }

  /// The caller's id of our confirmed message with a line `msgid`, if it is remembered: a
  /// reply or reaction to one of ours names it by the msgid the server gave it.
  public func localMessageID(forMessageID msgid: String) -> UUID? {
    delivery.messages.ownIDs.id(for: msgid)
  }

  /// Why the client tag `name` (without `+`) cannot be sent here; nil when it can.
  func clientTagRefusal(_ name: String) -> String? {
    guard capabilities.contains("message-tags") else {
      return "the server does not relay client tags (no message-tags)"
    }
    guard support.clientTagDeny.allows(name) else {
      return "the server refuses the +\(name) tag (CLIENTTAGDENY)"
    }
    return nil
  }

  /// `@+draft/react=👍;+draft/reply=MSGID TAGMSG #chan`: ours is shown when the server echoes
  /// it (`echo-message`), else as written.
  mutating func performReact(
    target: String, msgid: String, reaction: String, into output: inout IRCOutput
  ) {
    if let refusal = clientTagRefusal(Self.reactTagName) {
      return output.events.append(.intentRefused(reason: "cannot react: " + refusal))
    }
    guard Self.isValidWord(target), !msgid.isEmpty,
      msgid.utf8.count <= MessageReference.longestServerMessageID, !reaction.isEmpty,
      reaction.utf8.count <= Reaction.longestText
    else {
      return output.events.append(.intentRefused(reason: "cannot react to that message"))
    }
    var message = IRCMessage(command: "TAGMSG", parameters: [target])
    message.tags["+" + Self.reactTagName] = reaction
    message.tags["+" + Self.replyTagName] = msgid
    delivery.outbox.queue(.command(message))
    guard !capabilities.contains("echo-message") else { return }
    output.events.append(
      .reacted(
        IRCReaction(
          sender: nick, conversation: target, msgid: msgid, reaction: reaction, isOwn: true)))
  }

  /// `TAGMSG`: a reaction (`+draft/react` with the msgid it reacts to) is told; any other
  /// tags-only message is not chat's business. A reaction without a valid msgid, or longer
  /// than `Reaction.longestText`, is dropped.
  mutating func receiveReaction(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let reaction = message.tags["+" + Self.reactTagName] ?? message.tags["+react"] else {
      return
    }
    guard let target = message.parameters.first, let sourceText = message.source else {
      return countMalformed()
    }
    guard !reaction.isEmpty, reaction.utf8.count <= Reaction.longestText,
      let msgid = Self.replyTag(of: message)
    else { return countMalformed() }
    let source = IRCSource(sourceText)
    let isOwn = isUs(source.nick)
    var channel = target
    if let first = channel.first, support.prefixes.contains(where: { $0.prefix == first }),
      support.isChannel(channel.dropFirst())
    {
      channel.removeFirst()
    }
    let conversation = !support.isChannel(channel) && !isOwn ? source.nick : channel
    output.events.append(
      .reacted(
        IRCReaction(
          sender: source.nick, conversation: conversation, msgid: msgid, reaction: reaction,
          isOwn: isOwn)))
  }
}
