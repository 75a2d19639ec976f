import ChatCore

/// What Tab completes besides commands, taken from the state: the open conversations' names
/// and the members of the active one.
///
/// A copy of the names rather than of the state: holding the state would make the loop's next
/// change to it copy its storage. It is taken again only when the conversations change.
struct CompletionContext: Equatable {
  /// The open conversations' names, in `/list` order.
  var conversations: [String] = []
  /// The members of the active conversation, sorted, without you; a private chat's peer.
  var members: [String] = []
  /// How the network compares names: completion ignores case as it does.
  var rules = NameRules()

  /// The state's `eventCount` and name when this was taken: every change to conversations or
  /// members is a conversation event.
  private(set) var eventCount = -1
  private(set) var localName = ""

  init(conversations: [String] = [], members: [String] = []) {
    self.conversations = conversations
    self.members = members
  }

  init(_ state: AppState) {
    conversations = state.conversations.map(\.name.text)
    let active = state.conversations.active
    rules = state.nameRules
    switch active.kind {
    case .channel:
      let own = rules.key(for: state.localName)
      members = (active.members?.sorted ?? []).filter { rules.key(for: $0) != own }
    case .privateChat: members = [active.name.text]
    case .server: members = []
    }
    eventCount = state.eventCount
    localName = state.localName
  }

  /// Whether `state` may hold other names than these.
  func isStale(for state: AppState) -> Bool {
    state.eventCount != eventCount || state.localName != localName
  }
}
