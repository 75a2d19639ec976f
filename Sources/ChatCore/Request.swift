/// What a program driving chat asked for (`--input jsonl`): what a conversation command does,
/// with no text read as a command. Names arrive as given: the core checks them as it checks
/// typed ones.
public enum Request: Hashable, Sendable {
  /// Send `text` as an action (`/me`) in the active conversation.
  case action(String)
  /// Join the channel `name` (`/join`).
  case join(String)
  /// Leave `name`, or the active conversation when nil, for `reason` (`/part`).
  case part(String?, reason: String?)
  /// Open a private chat with `nick` and switch to it (`/query`).
  case query(String)
  /// Leave (`/quit`): the first request waits for replies in flight, a second quits.
  case quit
  /// Send `text` verbatim to `conversation` as `/msg` does, or to the active one when nil.
  case send(String, to: String?)
  /// Make the conversation named (or numbered in `/list`) `target` the active one (`/switch`).
  case switchTo(String)
  /// Show the active channel's topic, or set it to `text` (`/topic`).
  case topic(String?)
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
    case .query, .quit, .switchTo: return false
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
    case .action, .query, .quit, .send, .switchTo: return false
    }
  }
}
