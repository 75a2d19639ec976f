/// Who else is typing where (IRC's `+typing`), as last heard: at most `limit` people across
/// every conversation, so a flood of typing notifications from many nicks keeps memory
/// bounded (those beyond are not followed, said once: `Notice.tooManyTyping`).
///
/// Someone `active` is shown as typing in their conversation until they pause, stop, send a
/// message, or nothing is heard from them for `AppState.typingExpiryMilliseconds`; someone
/// `paused` is followed (so their `done` is news) but not shown. Lookups are O(limit).
public struct Typists: Equatable, Sendable {
  /// One person typing in one conversation.
  public struct Typist: Hashable, Sendable {
    /// The conversation, under its name in the conversation list.
    public var conversation: ConversationName
    /// Their nick, as the network spelled it.
    public var nick: String
    /// `nick` folded by the network's rules: how they are found again.
    var key: String
    /// `active` or `paused`.
    public var state: TypingState
    /// When they were last heard from.
    public var heardAt: Timestamp
  }

  /// The most people followed at once.
  public static let limit = 32

  /// Everyone followed, oldest news first.
  public private(set) var all: [Typist] = []

  /// Creates an empty list.
  public init() {}

  /// The nicks typing (`active`) in `conversation`, in the order they started.
  public func typing(in conversation: ConversationName) -> [String] {
    all.compactMap { $0.state == .active && $0.conversation == conversation ? $0.nick : nil }
  }

  /// The position of `key` in `conversation`, if followed.
  func index(of key: String, in conversation: ConversationName) -> Int? {
    all.firstIndex { $0.key == key && $0.conversation == conversation }
  }

  /// Whether no more people can be followed.
  var isFull: Bool { all.count >= Self.limit }

  mutating func add(_ typist: Typist) { all.append(typist) }

  mutating func update(at index: Int, state: TypingState, heardAt time: Timestamp) {
    all[index].state = state
    all[index].heardAt = time
  }

  @discardableResult
  mutating func remove(at index: Int) -> Typist { all.remove(at: index) }
}

/// The user's own typing (IRC's `+typing`) in the conversation the line being edited goes to:
/// what that conversation was last told and when, and what it should be told now.
///
/// No notification goes within `AppState.typingNotificationIntervalMilliseconds` (3 s) of
/// the last one to the same conversation, as the specification requires: one wanted sooner
/// waits for `Timer.typingDue`, and goes then if still wanted. `active` is wanted while the
/// user types a message (not a command), `paused` after `AppState.typingPauseMilliseconds`
/// without a key, `done` when the line is cleared without being sent; sending it needs no
/// notification (the message itself ends the typing, for those who see it).
public struct OwnTyping: Hashable, Sendable {
  /// Where the line being typed goes.
  public var conversation: ConversationName
  /// What the conversation was last told; nil: nothing yet, or the last was a message.
  public var told: TypingState?
  /// When it was last told.
  public var toldAt: Timestamp
  /// What it should be told now.
  public var wanted: TypingState
}
