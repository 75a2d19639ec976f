/// How conversation names are told apart and checked: which names are channels, how long a
/// name may be, and which letters compare equal.
///
/// This is the one place that normalises names (`key(for:)`): the core's lookups, members and
/// sessions all compare keys made here, so a network's own case mapping (IRC's `CASEMAPPING`)
/// only has to change `caseMapping`. A session that builds names must build them with the same
/// rules as the state it reports to.
public struct NameRules: Hashable, Sendable {
  /// The characters a channel name starts with; any other name is a person's.
  public var channelPrefixes: Set<Unicode.Scalar> = ["#", "&"]
  /// The longest channel name, in UTF-8 bytes.
  public var channelLength = 50
  /// The longest nick (a private chat's name), in UTF-8 bytes.
  public var nickLength = 30
  /// Which letters compare equal.
  public var caseMapping = CaseMapping.rfc1459
  /// The prefixes that mark a channel member's rank, highest first (IRC's `PREFIX`: `@` for
  /// operators, `+` for voice): how members are ordered in lists.
  public var memberPrefixes: [Character] = ["@", "+"]

  /// Creates the rules chat uses until a network says otherwise.
  public init() {}

  /// The form of `name` that lookups compare: equal keys name the same conversation or person.
  ///
  /// A name with nothing to fold (the usual case) is returned as it is, sharing its storage,
  /// so comparing it with the original is a pointer check.
  public func key(for name: String) -> String {
    caseMapping.folded(name)
  }

  /// Whether `name` is a channel's rather than a person's.
  public func isChannel(_ name: some StringProtocol) -> Bool {
    name.unicodeScalars.first.map(channelPrefixes.contains) ?? false
  }

  /// `text` checked as a channel name, or why it is not one.
  public func channel(_ text: String) throws(NameError) -> ConversationName {
    guard isChannel(text) else { throw .notAChannel(text) }
    try check(text, limit: channelLength, kind: .channel)
    return ConversationName(text)
  }

  /// `text` checked as a person's nick, or why it is not one.
  public func nick(_ text: String) throws(NameError) -> ConversationName {
    guard !isChannel(text) else { throw .notANick(text) }
    try check(text, limit: nickLength, kind: .privateChat)
    // Characters that mean something else in IRC's message prefix and masks.
    let reserved: Set<Unicode.Scalar> = ["!", "@", "*", "?", ":", "$"]
    if let bad = text.unicodeScalars.first(where: reserved.contains) {
      throw .malformed(text, kind: .privateChat, character: bad)
    }
    return ConversationName(text)
  }

  /// `text` checked as a channel name if it starts like one, else as a nick.
  public func name(_ text: String) throws(NameError) -> ConversationName {
    isChannel(text) ? try channel(text) : try nick(text)
  }

  private func check(_ text: String, limit: Int, kind: Conversation.Kind) throws(NameError) {
    guard !text.isEmpty else { throw .empty(kind: kind) }
    guard text.utf8.count <= limit else {
      throw .tooLong(text, kind: kind, limit: limit)
    }
    // Spaces and commas separate names on the wire; control characters never belong in one.
    if let bad = text.unicodeScalars.first(where: { scalar in
      scalar.properties.isWhitespace || scalar == "," || scalar.value < 0x20
        || (0x7F...0x9F).contains(scalar.value)
    }) {
      throw .malformed(text, kind: kind, character: bad)
    }
  }
}
