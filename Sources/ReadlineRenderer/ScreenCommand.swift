import ChatCore

/// What the full-screen mode reads from a line or a key before the core sees it.
enum ScreenCommand {
  /// The text of `/search TEXT` (empty for `/search` alone, which ends a search); nil when
  /// `line` is something else.
  static func search(in line: String) -> String? {
    let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard let first = words.first, first.lowercased() == "/search" else { return nil }
    return words.count > 1 ? String(words[1]) : ""
  }

  /// The index of the conversation Alt-A goes to: the next after the active one that mentions
  /// you, else the next with unread messages; nil when none has any.
  static func nextActivity(in conversations: ConversationList) -> Int? {
    let count = conversations.count
    let order = (1..<max(1, count)).map { (conversations.activeIndex + $0) % count }
    return order.first { conversations[$0].mentionCount > 0 }
      ?? order.first { conversations[$0].unreadCount > 0 }
  }
}
