/// What the user changed about the view, not the state: which side lists are shown, how far
/// each conversation is scrolled back, and the text searched for.
public struct ScreenView: Equatable, Sendable {
  /// Whether the buffer list is wanted (the terminal may still be too narrow for it).
  public var showsBufferList = true
  /// Whether the nick list is wanted.
  public var showsNickList = true
  /// The text `/search` looks for in the active conversation; nil: no search.
  public var search: String?
  /// How many rows each conversation (by its key) is scrolled back from its newest row.
  var offsets: [String: Int] = [:]
  /// How many messages arrived below the view of each conversation scrolled back.
  var arrivedBelow: [String: Int] = [:]

  /// Creates the view of a run that has just started.
  public init() {}

  /// The rows the conversation whose key is `key` is scrolled back.
  func offset(key: String) -> Int { offsets[key] ?? 0 }

  /// Scrolls the conversation whose key is `key` by `rows` (up is positive), at most to
  /// `limit`; back at the bottom, what arrived counts as seen.
  mutating func scroll(key: String, by rows: Int, limit: Int) {
    let offset = min(max(0, offset(key: key) + rows), max(0, limit))
    offsets[key] = offset == 0 ? nil : offset
    if offset == 0 { arrivedBelow[key] = nil }
  }

  /// `rows` arrived in a conversation: one scrolled back keeps its view where it is.
  mutating func arrived(key: String, rows: Int, messages: Int) {
    guard let offset = offsets[key] else { return }
    offsets[key] = offset + rows
    arrivedBelow[key, default: 0] += messages
  }
}
