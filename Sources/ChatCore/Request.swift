/// What a program driving chat asked for (`--input jsonl`): what a command does, with no text
/// read as a command. Names arrive as given: the core checks them as it checks typed ones.
public enum Request: Hashable, Sendable {
  /// Send `text` as an action (`/me`) in the active conversation.
  case action(String)
  /// Mark you away with `message`, or back when nil (`/away`).
  case away(String?)
  /// List the server's channels, those matching `mask` when given (`/channels`).
  case channels(mask: String?)
  /// Invite `nick` into `channel`, or the active channel when nil (`/invite`).
  case invite(String, channel: String?)
  /// Join the channel `name` (`/join`), with `key` when it has one; `#a,#b` with `k1,k2`
  /// joins several, as typed.
  case join(String, key: String?)
  /// Put `nick` out of `channel`, or the active channel when nil, for `reason` (`/kick`).
  /// Indirect, as `memberMode`: the largest requests, rare, kept out of `Action`'s size.
  indirect case kick(String, channel: String?, reason: String?)
  /// Give (`adding`) or take `mode` to or from `targets` in `channel`, or the active one
  /// when nil (`/op`, `/deop`, `/voice`, `/devoice`, `/ban`, `/unban`).
  indirect case memberMode(MemberMode, adding: Bool, targets: [String], channel: String?)
  /// Change (or with no `modes`, show) the modes of `target`, or of the active channel when
  /// nil (`/mode`).
  case mode(target: String?, modes: [String])
  /// Be known as `nick` (`/nick`).
  case nick(String)
  /// Send `text` to `target` as a notice (`/notice`).
  case notice(to: String, text: String)
  /// Leave `name`, or the active conversation when nil, for `reason` (`/part`).
  case part(String?, reason: String?)
  /// Open a private chat with `nick` and switch to it (`/query`).
  case query(String)
  /// Leave (`/quit`), telling the server `reason` (its default when nil): the first request
  /// waits for replies in flight, a second quits.
  case quit(reason: String?)
  /// Change or show the nicks whose coming and going the server tells (`/monitor`).
  case monitor(MonitorRequest)
  /// React with `reaction` to the message the server calls `msgid` in the active
  /// conversation (`/react`, by the message's id rather than its place).
  case react(to: String, reaction: String)
  /// Send `text` to the active conversation as a reply to the message the server calls
  /// `msgid` (`/reply`, by the message's id rather than its place).
  case reply(to: String, text: String)
  /// Send `line` to the server as it is (`/quote`).
  case quote(String)
  /// The program read the conversation named `conversation`, or the active one when nil, up
  /// to its newest message: a server that keeps read markers is told.
  case read(String?)
  /// Be known by the real name `name` (`/setname`).
  case setName(String)
  /// Send `text` verbatim to `conversation` as `/msg` does, or to the active one when nil.
  case send(String, to: String?)
  /// Make the conversation named (or numbered in `/list`) `target` the active one (`/switch`).
  case switchTo(String)
  /// Show the active channel's topic, or set it to `text` (`/topic`).
  case topic(String?)
  /// Who matches `mask` (`/who`).
  case who(String)
  /// Who `nick` is (`/whois`).
  case whois(String)
}

extension AppState {
  /// Whether carrying out `request` now would send something, as `wouldSend(typing:)` says of
  /// the equivalent typed command.
  public func wouldSend(_ request: Request) -> Bool {
    guard phase == .active else { return false }
    if !channelRequests.isEmpty { return true }
    switch request {
    case .action, .send(_, to: nil): return activeTakesMessages
    case .join, .part, .send: return true
    case .topic(let text): return text != nil
    case .away, .channels, .invite, .kick, .memberMode, .mode, .monitor, .nick, .notice, .quote,
      .react, .setName, .who, .whois:
      return hasServer
    case .reply: return hasServer && activeTakesMessages
    case .query, .quit, .read, .switchTo: return false
    }
  }

  /// Whether piped `request` waits before it is carried out, as `holdsPiped(typing:)` says of
  /// the equivalent typed command.
  public func holdsPiped(_ request: Request) -> Bool {
    guard phase == .active else { return false }
    if !channelRequests.isEmpty { return true }
    switch request {
    case .join: return waitsForConnection
    case .part: return waitsForConnection || inFlightCount > 0
    case .topic(let text): return text != nil && waitsForConnection
    // A server's command waits for the server; with none it says at once that it needs one.
    case .away, .channels, .invite, .kick, .memberMode, .mode, .monitor, .nick, .notice, .quote,
      .react, .setName, .who, .whois:
      return hasServer && waitsForConnection
    case .action, .query, .quit, .read, .reply, .send, .switchTo: return false
    }
  }
}
