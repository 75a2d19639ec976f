import FoundationEssentials

/// One line of a conversation: who said what, where, and when it entered the conversation.
///
/// The seed's `Message` made its own `UUID()`; here the runtime or the session supplies the id
/// so that the core stays deterministic.
public struct Message: Identifiable, Hashable, Sendable, Codable {
  /// Identifies the message across echoes, retries and renderers.
  public var id: UUID
  /// The display name of whoever wrote it.
  public var sender: String
  /// What was written, exactly as typed or received.
  public var text: String
  /// When it was written (while pending), when it entered the conversation (once echoed), or
  /// when it failed (once failed).
  public var time: Timestamp
  /// Whether the local user wrote it. Set by the core, not guessed from the sender's name: a
  /// peer may well be called what you are called.
  public var isLocal: Bool
  /// The conversation it belongs to: where it was sent, or where it arrived.
  public var conversation: ConversationName
  /// Whether it is an action (`/me waves`) rather than something said.
  public var isAction: Bool
  /// What formatting its text carries (IRC formatting codes on IRC), set by whoever made it.
  public var markup: TextMarkup
  /// Whether it names the local user (or came to them alone), as the session found; such a
  /// message is highlighted and counted apart from other unread ones.
  public var isMention: Bool
  /// The server's own id for it (IRC's `msgid`), when the server gave one. `id` is derived
  /// from it for received messages; see the README's JSON lines section.
  public var serverMessageID: String?

  /// Creates a message; without a conversation it belongs to the one a run starts in.
  public init(
    id: UUID, sender: String, text: String, time: Timestamp, isLocal: Bool = false,
    conversation: ConversationName = .initial, isAction: Bool = false,
    markup: TextMarkup = .plain, isMention: Bool = false, serverMessageID: String? = nil
  ) {
    self.id = id
    self.sender = sender
    self.text = text
    self.time = time
    self.isLocal = isLocal
    self.conversation = conversation
    self.isAction = isAction
    self.markup = markup
    self.isMention = isMention
    self.serverMessageID = serverMessageID
  }
}
