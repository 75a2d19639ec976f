import ChatCore
import FoundationEssentials

/// What the user asks of the connection.
public enum IRCIntent: Hashable, Sendable {
  /// Send `text` to `target` (a channel or a nick) as a message, or as an action (`/me`).
  /// `id` is the caller's; `label`, if given, is used for `labeled-response` (else one is
  /// derived from a counter).
  case send(id: UUID, target: String, text: String, isAction: Bool = false, label: String? = nil)
  /// Join `channel`.
  case join(channel: String)
  /// Leave `channel`.
  case part(channel: String, reason: String? = nil)
  /// Set the topic of `channel` to `text` (`TOPIC`): the server's `TOPIC` echo reports it
  /// set, and a refusal (`482`, not a channel operator on `+t`) comes back as a reply.
  case setTopic(channel: String, text: String)
  /// Change our nick.
  case changeNick(String)
  /// Leave the server politely; lines already queued go first.
  case quit(reason: String? = nil)
}
