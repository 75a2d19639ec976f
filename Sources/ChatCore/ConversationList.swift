/// The open conversations in the order they were opened, and which one is active.
///
/// Looking a conversation up by name is O(1) (a dictionary from the normalised name to its
/// position), so a message costs the same with one conversation open or a thousand. Opening
/// and closing are O(open conversations); they are rare.
///
/// Memory is bounded however many are open: at most `limit` conversations (1,000 by default),
/// and at most `totalScrollbackLimit` messages kept across all their scrollbacks (100,000 by
/// default, or the per-conversation limit if that is larger). Each conversation keeps
/// `min(scrollbackLimit, totalScrollbackLimit / open conversations)` messages, at least one,
/// so a thousand open conversations keep 100 each, and a single one keeps `--scrollback`.
/// The first conversation is the session's own (`Conversation.Kind.server`) and is never
/// closed, so there is always an active one.
public struct ConversationList: RandomAccessCollection, Equatable, Sendable {
  /// The most conversations open at once, when none is given.
  public static let defaultLimit = 1000
  /// The most messages kept across every conversation's scrollback, when none is given.
  public static let defaultTotalScrollbackLimit = 100_000

  /// The most conversations open at once.
  public let limit: Int
  /// The most messages one conversation keeps.
  public let scrollbackLimit: Int
  /// The most messages kept across all conversations.
  public let totalScrollbackLimit: Int
  /// Which conversation typed text goes to.
  public private(set) var activeIndex = 0
  private var conversations: [Conversation]
  /// Each conversation's position, by the key of its name.
  private var positions: [String: Int]

  /// Creates a list holding only the session's own conversation, `first`, active.
  public init(
    first: ConversationName, scrollbackLimit: Int = Scrollback.defaultLimit,
    limit: Int = ConversationList.defaultLimit,
    totalScrollbackLimit: Int = ConversationList.defaultTotalScrollbackLimit
  ) {
    self.limit = Swift.max(1, limit)
    self.scrollbackLimit = Swift.max(1, scrollbackLimit)
    self.totalScrollbackLimit = Swift.max(self.scrollbackLimit, totalScrollbackLimit)
    conversations = [Conversation(name: first, kind: .server, scrollback: self.scrollbackLimit)]
    positions = [first.key: 0]
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { conversations.count }
  public subscript(position: Int) -> Conversation { conversations[position] }

  /// The conversation typed text goes to.
  public var active: Conversation { conversations[activeIndex] }

  /// The name of the conversation typed text goes to.
  public var activeName: ConversationName { conversations[activeIndex].name }

  /// Whether no more conversations can be opened.
  public var isFull: Bool { conversations.count >= limit }

  /// How many messages each conversation keeps now.
  public var scrollbackPerConversation: Int {
    Swift.max(1, Swift.min(scrollbackLimit, totalScrollbackLimit / conversations.count))
  }

  /// The position of the conversation called `name`, if it is open. O(1).
  public func index(of name: ConversationName) -> Int? {
    // Most messages belong to the active conversation: a string comparison, no hashing.
    if conversations[activeIndex].name.key == name.key { return activeIndex }
    return positions[name.key]
  }

  /// Opens a conversation called `name` at the end; nil when the list is full. The caller
  /// checks that it is not open already.
  mutating func open(_ name: ConversationName, kind: Conversation.Kind) -> Int? {
    guard !isFull else { return nil }
    conversations.append(Conversation(name: name, kind: kind, scrollback: scrollbackLimit))
    positions[name.key] = conversations.count - 1
    rebalance()
    return conversations.count - 1
  }

  /// Closes the conversation at `index` (never the first); the one before it becomes active
  /// if it was.
  mutating func close(at index: Int) {
    precondition(index > 0, "the session's own conversation is never closed")
    let closed = conversations.remove(at: index)
    positions[closed.name.key] = nil
    for position in index..<conversations.count {
      positions[conversations[position].name.key] = position
    }
    if activeIndex == index {
      activeIndex = index - 1
      conversations[activeIndex].unreadCount = 0
    } else if activeIndex > index {
      activeIndex -= 1
    }
    rebalance()
  }

  /// Makes the conversation at `index` active; its messages count as read.
  mutating func activate(at index: Int) {
    activeIndex = index
    conversations[index].unreadCount = 0
  }

  /// Adds `message` to the scrollback at `index`; someone else's counts as unread unless the
  /// conversation is active. O(1).
  mutating func append(_ message: Message, at index: Int) {
    conversations[index].messages.append(message)
    if index != activeIndex, !message.isLocal { conversations[index].unreadCount += 1 }
  }

  /// Renames the conversation at `index` (a private chat whose person changed nick).
  mutating func rename(at index: Int, to name: ConversationName) {
    positions[conversations[index].name.key] = nil
    positions[name.key] = index
    conversations[index].name = name
  }

  /// Changes the conversation at `index` in place. `body` must not change its name.
  mutating func modify<Result>(at index: Int, _ body: (inout Conversation) -> Result) -> Result {
    body(&conversations[index])
  }

  /// Shrinks or grows every scrollback to its share of the total cap.
  private mutating func rebalance() {
    let share = scrollbackPerConversation
    for index in conversations.indices { conversations[index].messages.setLimit(share) }
  }

  public static func == (lhs: ConversationList, rhs: ConversationList) -> Bool {
    lhs.activeIndex == rhs.activeIndex && lhs.conversations == rhs.conversations
      && lhs.limit == rhs.limit && lhs.scrollbackLimit == rhs.scrollbackLimit
      && lhs.totalScrollbackLimit == rhs.totalScrollbackLimit
  }
}
