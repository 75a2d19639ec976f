/// The open conversations in the order they were opened, and which one is active.
///
/// Looking a conversation up by name is O(1), so a message costs the same with one
/// conversation open or a thousand: the active conversation's name is compared first, then a
/// dictionary of the exact names, and only then is the name folded by `rules` and looked up
/// among the folded ones (`#OPS` finding `#ops`). Opening and closing are O(open
/// conversations); they are rare.
///
/// Memory is bounded however many are open. At most `limit` conversations (1,000 by default).
/// Messages are kept once, in `AppState.messages`, whose limit (`--scrollback`, 5,000 by
/// default) is the total cap across all conversations: a busy conversation's messages push
/// out a quiet one's, as in one shared transcript. Each conversation's scrollback lists where
/// its messages are, at most `min(scrollbackLimit, totalScrollbackLimit / open conversations)`
/// of them (8 bytes each, at most 8 MB in all by default), so a single conversation sees every
/// message kept and a thousand open ones see their last 1,000 each, if still kept.
/// The first conversation is the session's own (`Conversation.Kind.server`) and is never
/// closed, so there is always an active one.
public struct ConversationList: RandomAccessCollection, Equatable, Sendable {
  /// The most conversations open at once, when none is given.
  public static let defaultLimit = 1000
  /// The most message numbers listed across every conversation's scrollback, by default.
  public static let defaultTotalScrollbackLimit = 1_000_000

  /// The most conversations open at once.
  public let limit: Int
  /// The most message numbers one conversation lists.
  public let scrollbackLimit: Int
  /// The most message numbers listed across all conversations.
  public let totalScrollbackLimit: Int
  /// Which conversation typed text goes to.
  public private(set) var activeIndex = 0
  /// The name of the conversation typed text goes to. Stored, not read from the array: the
  /// per-message path compares with it without touching any conversation.
  public private(set) var activeName: ConversationName
  /// How names are folded for lookups; changing them re-keys the lookups.
  public var rules = NameRules() {
    didSet { reindex() }
  }
  private var conversations: [Conversation]
  /// Each conversation's position, by its exact name.
  private var exactPositions: [String: Int] = [:]
  /// Each conversation's position, by its name folded by `rules`.
  private var positions: [String: Int] = [:]

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
    activeName = first
    reindex()
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { conversations.count }
  public subscript(position: Int) -> Conversation { conversations[position] }

  /// The conversation typed text goes to.
  public var active: Conversation { conversations[activeIndex] }

  /// Whether no more conversations can be opened.
  public var isFull: Bool { conversations.count >= limit }

  /// How many message numbers each conversation lists now.
  public var scrollbackPerConversation: Int {
    Swift.max(1, Swift.min(scrollbackLimit, totalScrollbackLimit / conversations.count))
  }

  /// The position of the conversation called `name`, if it is open. O(1).
  public func index(of name: ConversationName) -> Int? {
    // Most messages belong to the active conversation: a string comparison, no hashing.
    if activeName.text == name.text { return activeIndex }
    return exactPositions[name.text] ?? positions[rules.key(for: name.text)]
  }

  /// Opens a conversation called `name` at the end; nil when the list is full. The caller
  /// checks that it is not open already.
  mutating func open(_ name: ConversationName, kind: Conversation.Kind) -> Int? {
    guard !isFull else { return nil }
    conversations.append(Conversation(name: name, kind: kind, scrollback: scrollbackLimit))
    exactPositions[name.text] = conversations.count - 1
    positions[rules.key(for: name.text)] = conversations.count - 1
    rebalance()
    return conversations.count - 1
  }

  /// Closes the conversation at `index` (never the first); the one before it becomes active
  /// if it was.
  mutating func close(at index: Int) {
    precondition(index > 0, "the session's own conversation is never closed")
    conversations.remove(at: index)
    reindex()
    if activeIndex == index {
      activate(at: index - 1)
    } else if activeIndex > index {
      activeIndex -= 1
    }
    rebalance()
  }

  /// Makes the conversation at `index` active; its messages count as read.
  mutating func activate(at index: Int) {
    activeIndex = index
    activeName = conversations[index].name
    conversations[index].unreadCount = 0
    conversations[index].mentionCount = 0
  }

  /// Lists the message numbered `number` in the scrollback at `index`; someone else's counts
  /// as unread unless the conversation is active, or it is history no newer than the read
  /// marker (with none known, history is never unread). O(1).
  mutating func append(_ message: Message, number: Int, at index: Int) {
    conversations[index].messageNumbers.append(number)
    if index != activeIndex, !message.isLocal,
      !message.isHistory || conversations[index].readMarker.isBefore(message.time)
    {
      conversations[index].unreadCount += 1
      if message.isMention { conversations[index].mentionCount += 1 }
    }
  }

  /// Sets the unread and mention counts of the conversation at `index` (a read marker moved).
  mutating func setUnread(at index: Int, count: Int, mentions: Int) {
    conversations[index].unreadCount = count
    conversations[index].mentionCount = mentions
  }

  /// Renames the conversation at `index` (a private chat whose person changed nick).
  mutating func rename(at index: Int, to name: ConversationName) {
    conversations[index].name = name
    reindex()
    if index == activeIndex { activeName = name }
  }

  /// Changes the conversation at `index` in place. `body` must not change its name.
  mutating func modify<Result>(at index: Int, _ body: (inout Conversation) -> Result) -> Result {
    body(&conversations[index])
  }

  /// Rebuilds both lookups from the conversations. O(open conversations).
  private mutating func reindex() {
    exactPositions.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    for (position, conversation) in conversations.enumerated() {
      exactPositions[conversation.name.text] = position
      positions[rules.key(for: conversation.name.text)] = position
    }
  }

  /// Shrinks or grows every scrollback to its share of the total cap.
  private mutating func rebalance() {
    let share = scrollbackPerConversation
    for index in conversations.indices { conversations[index].messageNumbers.setLimit(share) }
  }

  public static func == (lhs: ConversationList, rhs: ConversationList) -> Bool {
    lhs.activeIndex == rhs.activeIndex && lhs.activeName == rhs.activeName
      && lhs.conversations == rhs.conversations && lhs.rules == rhs.rules
      && lhs.limit == rhs.limit && lhs.scrollbackLimit == rhs.scrollbackLimit
      && lhs.totalScrollbackLimit == rhs.totalScrollbackLimit
  }
}
