/// Which of a conversation's earlier messages to fetch from a server that keeps them (IRC's
/// `draft/chathistory`): what the core asks for, as data; the session says it in its protocol.
public enum HistoryRange: Hashable, Sendable {
  /// The most recent `count` messages (on joining a channel, on opening a private chat).
  case latest(count: Int)
  /// Every message after `anchor`, however many (after a reconnect: what was missed). The
  /// session fetches it in pages, bounded (a notice says where it stopped).
  case after(HistoryAnchor)
  /// The `count` messages before `anchor` (`/history`: older than the oldest held).
  case before(HistoryAnchor, count: Int)
}

/// A message a history range is counted from: by the server's id for it when it gave one,
/// else by its time.
public enum HistoryAnchor: Hashable, Sendable {
  /// The server's id of a message (`Message.serverMessageID`).
  case messageID(String)
  /// A message's time (`Message.time`, the server's when it said).
  case time(Timestamp)

  /// The anchor for `message`: its server id, else its time.
  public init(_ message: Message) {
    if let id = message.serverMessageID {
      self = .messageID(id)
    } else {
      self = .time(message.time)
    }
  }
}
