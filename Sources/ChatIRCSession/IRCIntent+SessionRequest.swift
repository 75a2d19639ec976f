import ChatCore
import ChatIRC

extension IRCIntent {
  /// The protocol client's intent for the core's `request`: names as the core checked them.
  init(_ request: SessionRequest) {
    switch request {
    case .changeNick(let nick): self = .changeNick(nick)
    case .fetchHistory(let conversation, let range):
      self = .fetchHistory(target: conversation.text, range)
    case .fetchHistoryTargets(let since): self = .fetchHistoryTargets(since: since)
    case .invite(let nick, let channel): self = .invite(nick: nick, channel: channel.text)
    case .kick(let nick, let channel, let reason):
      self = .kick(nick: nick, channel: channel.text, reason: reason)
    case .listChannels(let mask): self = .listChannels(mask: mask)
    case .markRead(let conversation, let time):
      self = .markRead(target: conversation.text, time: time)
    case .monitor(let request): self = .monitor(request)
    case .notice(let target, let text): self = .notice(target: target.text, text: text)
    case .rawLine(let line): self = .rawLine(line)
    case .react(let reaction, let msgid, let conversation):
      self = .react(target: conversation.text, msgid: msgid, reaction: reaction)
    case .sendTyping(let conversation, let state): self = .typing(target: conversation.text, state)
    case .setAway(let message): self = .setAway(message: message)
    case .setRealName(let name): self = .setRealName(name)
    case .setMemberMode(let mode, let adding, let targets, let channel):
      self = .setMemberMode(mode, adding: adding, targets: targets, channel: channel.text)
    case .setModes(let target, let modes): self = .setModes(target: target, modes: modes)
    case .who(let mask): self = .who(mask: mask)
    case .whois(let nick): self = .whois(nick: nick)
    }
  }
}
