/// Someone reacted to a message (IRCv3 `+draft/react`, sent with the message's `+draft/reply`):
/// an emoji or a short text, shown on the message it reacts to.
public struct Reaction: Hashable, Sendable {
  /// Who reacted.
  public var sender: String
  /// Whether it was you (from here or another client of yours).
  public var isOwn: Bool
  /// Where: the channel, or the private chat.
  public var conversation: ConversationName
  /// The reaction itself (`👍`), as sent.
  public var text: String
  /// The message reacted to.
  public var target: MessageReference

  /// The longest reaction kept, in UTF-8 bytes: an emoji is a few; longer is no reaction.
  public static let longestText = 64

  /// Creates a reaction.
  public init(
    sender: String, isOwn: Bool = false, conversation: ConversationName, text: String,
    target: MessageReference
  ) {
    self.sender = sender
    self.isOwn = isOwn
    self.conversation = conversation
    self.text = text
    self.target = target
  }
}

/// How many people reacted to a message with one reaction.
public struct ReactionCount: Hashable, Sendable {
  /// The reaction (`👍`).
  public var text: String
  /// How many reacted so.
  public var count: Int

  /// Creates a count.
  public init(_ text: String, _ count: Int) {
    self.text = text
    self.count = count
  }
}

/// The reactions to recent messages, aggregated: for each message (by its server id), each
/// reaction and who reacted with it, so a repeat is not counted twice and a count can be shown
/// (`👍 2`). The one owner of reactions.
///
/// Bounded whatever a server sends: at most `messageLimit` messages (the oldest forgotten
/// first), `kindLimit` different reactions to one message and `senderLimit` people counted
/// for one reaction; beyond those a reaction changes nothing.
public struct ReactionTally: Equatable, Sendable {
  /// The most messages whose reactions are kept.
  public static let messageLimit = 1024
  /// The most different reactions kept for one message.
  public static let kindLimit = 20
  /// The most people counted for one reaction to one message.
  public static let senderLimit = 500

  private struct Kind: Equatable, Sendable {
    var text: String
    /// Who reacted so, by the key their nick folds to.
    var senders: Set<String>
  }

  private var kinds: [String: [Kind]] = [:]
  /// The server ids in the order first reacted to, oldest first.
  private var order: [String] = []
  private var oldest = 0

  /// An empty tally.
  public init() {}

  /// How many messages have reactions kept.
  public var messageCount: Int { kinds.count }

  /// Counts `sender` (their folded nick) reacting `text` to the message `serverMessageID`;
  /// false when that changes nothing (a repeat, or past a limit).
  mutating func add(_ text: String, by sender: String, to serverMessageID: String) -> Bool {
    if kinds[serverMessageID] == nil {
      if order.count < Self.messageLimit {
        order.append(serverMessageID)
      } else {
        kinds[order[oldest]] = nil
        order[oldest] = serverMessageID
        oldest = (oldest + 1) % Self.messageLimit
      }
      kinds[serverMessageID] = []
    }
    var list = kinds[serverMessageID] ?? []
    if let index = list.firstIndex(where: { $0.text == text }) {
      guard list[index].senders.count < Self.senderLimit,
        list[index].senders.insert(sender).inserted
      else { return false }
    } else {
      guard list.count < Self.kindLimit else { return false }
      list.append(Kind(text: text, senders: [sender]))
    }
    kinds[serverMessageID] = list
    return true
  }

  /// The reactions to the message `serverMessageID`, in the order first given, with their
  /// counts.
  public func counts(for serverMessageID: String) -> [ReactionCount] {
    (kinds[serverMessageID] ?? []).map { ReactionCount($0.text, $0.senders.count) }
  }
}
