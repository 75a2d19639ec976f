import FoundationEssentials

/// The message a reply or a reaction is about (IRCv3 `+draft/reply`), as far as chat knows it:
/// always the server's id of it, and its sender and the start of its text once it was found
/// among the messages kept. A message not found is "an earlier message".
public struct MessageReference: Hashable, Sendable, Codable {
  /// The server's id of the message (IRC's `msgid`), as the tag named it.
  public var serverMessageID: String
  /// The id the message has here, when the session can tell (an IRC session derives it from
  /// the msgid, or knows it for one of yours): what it is looked up by.
  public var id: UUID?
  /// Its sender, once found; nil: not found (an earlier message, or none).
  public var sender: String?
  /// The start of its text (at most `excerptLength` characters), once found.
  public var excerpt: String?
  /// The markup of `excerpt`, as the message's.
  public var markup: TextMarkup

  /// The most characters of the message's text kept with a reference.
  public static let excerptLength = 40
  /// The longest server id a reference keeps: a longer one is no server's (IRC's tag values
  /// are limited; Ergo's are 26 characters).
  public static let longestServerMessageID = 128

  /// A reference to the message the server calls `serverMessageID`, not found yet.
  public init(
    serverMessageID: String, id: UUID? = nil, sender: String? = nil, excerpt: String? = nil,
    markup: TextMarkup = .plain
  ) {
    self.serverMessageID = serverMessageID
    self.id = id
    self.sender = sender
    self.excerpt = excerpt
    self.markup = markup
  }

  /// A reference to `message`, found: its sender and the start of its text.
  public init(to message: Message, serverMessageID: String) {
    self.init(
      serverMessageID: serverMessageID, id: message.id, sender: message.sender,
      excerpt: String(message.text.prefix(Self.excerptLength)), markup: message.markup)
  }

  /// Whether the message was found: its sender and text are known.
  public var isFound: Bool { sender != nil }
}
