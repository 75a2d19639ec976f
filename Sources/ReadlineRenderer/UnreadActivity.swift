import ChatCore
import ChatRendering

/// The conversations other than the active one that have unread messages, in the order each
/// got its first unread message: what the prompt lists, as irssi's activity list does.
///
/// Kept up to date from what changed, never by scanning the open conversations: a message
/// costs O(1) however many are open. Switching to or closing a conversation removes it
/// (O(conversations with unread messages), and only then).
struct UnreadActivity {
  /// The most conversations the prompt names; the rest are counted.
  static let shownLimit = 4

  private var names: [ConversationName] = []
  private var listed: Set<String> = []

  /// Notes what `changes` did to the unread messages in `state`.
  mutating func note(_ changes: Changes, in state: AppState) {
    for event in changes.events(in: state) {
      switch event.change {
      case .activated, .closed, .read(0, _): remove(event.conversation.text)
      case .memberRenamed(let old, let new) where event.conversation.text == new:
        // A private chat renamed with its person keeps its place.
        if let index = names.firstIndex(where: { $0.text == old }) {
          listed.remove(old)
          listed.insert(new)
          names[index] = event.conversation
        }
      default: break
      }
    }
    guard changes.enteredCount > 0 else { return }
    let conversations = state.conversations
    for message in changes.entered(in: state) where !message.isLocal {
      // A message for a conversation not open was put in the session's own.
      let index = conversations.index(of: message.conversation) ?? 0
      guard index != conversations.activeIndex else { continue }
      let name = conversations[index].name
      if listed.insert(name.text).inserted { names.append(name) }
    }
  }

  /// The first few conversations with unread messages and their counts as shown (see
  /// `counts(unread:mentions:)`), and how many more there are. O(shown), apart from dropping
  /// entries no longer open.
  mutating func shown(in state: AppState) -> (shown: [(ConversationName, String)], more: Int) {
    var shown: [(ConversationName, String)] = []
    var position = 0
    while position < names.count, shown.count < Self.shownLimit {
      let name = names[position]
      guard let index = state.conversations.index(of: name),
        index != state.conversations.activeIndex, state.conversations[index].unreadCount > 0
      else {
        listed.remove(name.text)
        names.remove(at: position)
        continue
      }
      let conversation = state.conversations[index]
      shown.append(
        (name, Self.counts(unread: conversation.unreadCount, mentions: conversation.mentionCount)))
      position += 1
    }
    return (shown, names.count - position)
  }

  /// A conversation's unread messages as the prompt counts them: the mentions apart, marked
  /// `!` after the others: `3`, `1!` (one, and it mentions you), `3+1!`.
  static func counts(unread: Int, mentions: Int) -> String {
    let others = unread - mentions
    guard mentions > 0 else { return "\(others)" }
    return others > 0 ? "\(others)+\(mentions)!" : "\(mentions)!"
  }

  private mutating func remove(_ text: String) {
    guard listed.remove(text) != nil else { return }
    names.removeAll { $0.text == text }
  }
}
