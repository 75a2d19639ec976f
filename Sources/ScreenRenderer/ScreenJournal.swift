import ChatCore

/// What each conversation shows besides its messages: its events (joins, topics, …), the
/// messages that failed there, and the notices shown while it was active, as sanitised words.
///
/// The messages themselves are the core's (each conversation's `messageNumbers` into
/// `AppState.messages`); a line here only says after which message it came, so the pane
/// interleaves the two without a second copy of any message. Bounded: at most `limit` lines
/// per conversation, and conversations are forgotten with the core's (a closed one's lines
/// go when it is opened again).
struct ScreenJournal {
  /// One line: when it happened, after how many messages, and what to show.
  struct Line: Equatable {
    /// How it reads.
    enum Kind: Equatable {
      /// A conversation event, in `EventText`'s words.
      case event(String)
      /// A message that failed, and why.
      case failed(text: String, reason: String)
      /// A notice's line.
      case notice(String)
      /// A topic: the words before it (sanitised), then the topic as received, shown as a
      /// message's text is.
      case topic(lead: String, text: String, markup: TextMarkup)
    }

    /// `AppState.messageCount` when it happened: it shows after that message.
    var afterMessage: Int
    /// When it happened, when known.
    var time: Timestamp?
    /// What it says.
    var kind: Kind
  }

  /// The most lines kept per conversation.
  static let limit = 500

  private var lines: [String: Ring<Line>] = [:]

  /// History that shows above each conversation's messages instead of where it arrived.
  var earlier = EarlierHistory()

  /// The lines of the conversation whose key is `key`, oldest first.
  func lines(key: String) -> Ring<Line>? { lines[key] }

  /// Adds `line` to the conversation whose key is `key`.
  mutating func add(_ line: Line, key: String) {
    lines[key, default: Ring(limit: Self.limit)].append(line)
  }

  /// What the conversation whose key was `old` showed is now that of the one whose key is
  /// `new` (a channel the server renamed).
  mutating func move(from old: String, to new: String) {
    guard old != new, let moved = lines.removeValue(forKey: old) else { return }
    lines[new] = moved
  }

  /// Forgets what the conversation whose key is `key` showed (it was opened anew).
  mutating func forget(key: String) {
    lines[key] = nil
    earlier.forget(key: key)
  }
}
