import FoundationEssentials

/// One line of a conversation: who said what, where, and when it entered the conversation.
///
/// The seed's `Message` made its own `UUID()`; here the runtime or the session supplies the id
/// so that the core stays deterministic.
///
/// A value type whose fields live in one immutable box: a message passes from the session
/// through an action, the outbox and the scrollback, and every copy of four strings was four
/// reference counts to touch, a copy of the box is one. Setting a field makes a new box (see
/// `Fields`), so a box is never changed once made and values never share a change.
public struct Message: Identifiable, Hashable, Sendable, Codable {
  @usableFromInline var storage: Storage

  /// Identifies the message across echoes, retries and renderers.
  @inlinable public var id: UUID {
    get { storage.fields.id }
    set { change { $0.id = newValue } }
  }
  /// The display name of whoever wrote it.
  @inlinable public var sender: String {
    get { storage.fields.sender }
    set { change { $0.sender = newValue } }
  }
  /// What was written, exactly as typed or received.
  @inlinable public var text: String {
    get { storage.fields.text }
    set { change { $0.text = newValue } }
  }
  /// When it was written (while pending), when it entered the conversation (once echoed), or
  /// when it failed (once failed).
  @inlinable public var time: Timestamp {
    get { storage.fields.time }
    set { change { $0.time = newValue } }
  }
  /// Whether the local user wrote it. Set by the core, not guessed from the sender's name: a
  /// peer may well be called what you are called.
  @inlinable public var isLocal: Bool {
    get { storage.fields.isLocal }
    set { change { $0.isLocal = newValue } }
  }
  /// The conversation it belongs to: where it was sent, or where it arrived.
  @inlinable public var conversation: ConversationName {
    get { storage.fields.conversation }
    set { change { $0.conversation = newValue } }
  }
  /// Whether it is an action (`/me waves`) rather than something said.
  @inlinable public var isAction: Bool {
    get { storage.fields.isAction }
    set { change { $0.isAction = newValue } }
  }
  /// Whether it is a notice (IRC's `NOTICE`) rather than a message: shown apart
  /// (`-bob- text`), and never answered by a program.
  @inlinable public var isNotice: Bool {
    get { storage.fields.isNotice }
    set { change { $0.isNotice = newValue } }
  }
  /// What formatting its text carries (IRC formatting codes on IRC), set by whoever made it.
  @inlinable public var markup: TextMarkup {
    get { storage.fields.markup }
    set { change { $0.markup = newValue } }
  }
  /// Whether it names the local user (or came to them alone), as the session found; such a
  /// message is highlighted and counted apart from other unread ones.
  @inlinable public var isMention: Bool {
    get { storage.fields.isMention }
    set { change { $0.isMention = newValue } }
  }
  /// Whether it is history: an earlier message the server kept and chat fetched (IRC's
  /// `draft/chathistory`), shown marked as such. It is never a mention, never unread, and
  /// never rings.
  @inlinable public var isHistory: Bool {
    get { storage.fields.isHistory }
    set { change { $0.isHistory = newValue } }
  }
  /// The server's own id for it (IRC's `msgid`), when the server gave one. `id` is derived
  /// from it for received messages; see JSONLinesRenderer's JSONLines article.
  @inlinable public var serverMessageID: String? {
    get { storage.fields.serverMessageID }
    set { change { $0.serverMessageID = newValue } }
  }
  /// The account its sender was logged in to, when the server said (IRC's `account` tag,
  /// `account-tag`): a name that cannot be taken by changing nick.
  @inlinable public var account: String? {
    get { storage.fields.account }
    set { change { $0.account = newValue } }
  }
  /// Whether the server marked its sender as a bot (IRC's `bot` tag): shown as such.
  @inlinable public var isBot: Bool {
    get { storage.fields.isBot }
    set { change { $0.isBot = newValue } }
  }

  /// The message it answers (IRCv3 `+draft/reply`), when it is a reply: its sender and the
  /// start of its text once the core found it, else only its server id.
  @inlinable public var inReplyTo: MessageReference? {
    get { storage.fields.inReplyTo }
    set { change { $0.inReplyTo = newValue } }
  }

  /// Whether it answers another message (`inReplyTo` is set). Looked at in place: `inReplyTo
  /// == nil` took Optional's `==` of two references, copied and destroyed, on every message.
  @inlinable public var isReply: Bool {
    if case .some = storage.fields.inReplyTo { true } else { false }
  }

  /// Creates a message; without a conversation it belongs to the one a run starts in.
  public init(
    id: UUID, sender: String, text: String, time: Timestamp, isLocal: Bool = false,
    conversation: ConversationName = .initial, isAction: Bool = false,
    markup: TextMarkup = .plain, isMention: Bool = false, serverMessageID: String? = nil,
    isNotice: Bool = false, isHistory: Bool = false, account: String? = nil,
    isBot: Bool = false, inReplyTo: MessageReference? = nil
  ) {
    storage = Storage(
      Fields(
        id: id, sender: sender, text: text, time: time, isLocal: isLocal,
        conversation: conversation, isAction: isAction, markup: markup, isMention: isMention,
        serverMessageID: serverMessageID, isNotice: isNotice, isHistory: isHistory,
        account: account, isBot: isBot, inReplyTo: inReplyTo))
  }

  /// Replaces the box with one whose fields are these after `body`: the old box may be
  /// shared, and a shared box is never written.
  @inlinable mutating func change(_ body: (inout Fields) -> Void) {
    var fields = storage.fields
    body(&fields)
    storage = Storage(fields)
  }

  public static func == (lhs: Message, rhs: Message) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the fields in the order they are declared, as the synthesised conformance did.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// Decodes the same keyed object the synthesised conformance read.
  public init(from decoder: any Decoder) throws {
    storage = Storage(try Fields(from: decoder))
  }

  /// Encodes the same keyed object, keys in the same order, as the synthesised conformance.
  public func encode(to encoder: any Encoder) throws {
    try storage.fields.encode(to: encoder)
  }

  /// A message's fields, declared in the order the synthesised conformances used, so hashes
  /// and the encoded keys stay as they were. Its initialiser is the synthesised memberwise one:
  /// with a hand-written one, `Message.init` made the fields on the stack, copied them into the
  /// new box and destroyed the original, four strings retained and released for nothing.
  @usableFromInline struct Fields: Hashable, Sendable, Codable {
    @usableFromInline var id: UUID
    @usableFromInline var sender: String
    @usableFromInline var text: String
    @usableFromInline var time: Timestamp
    @usableFromInline var isLocal: Bool
    @usableFromInline var conversation: ConversationName
    @usableFromInline var isAction: Bool
    @usableFromInline var markup: TextMarkup
    @usableFromInline var isMention: Bool
    @usableFromInline var serverMessageID: String?
    @usableFromInline var isNotice: Bool
    @usableFromInline var isHistory: Bool
    @usableFromInline var account: String?
    @usableFromInline var isBot: Bool
    @usableFromInline var inReplyTo: MessageReference?
  }

  /// The box: immutable (a `let`), so the compiler checks that sharing it is safe, and a read
  /// of a field needs no exclusivity check.
  ///
  /// Not written in place when uniquely held (copy on write): measured with callgrind, that
  /// saved a box only where a message was made and then changed (the hot paths set no field
  /// of an unshared message, and the simulated echo's is shared with the outbox), while a
  /// `var` in a class made every reader that calls out while holding a field retain and
  /// release it (the JSON-lines formatter, three strings a line): 11 M more instructions for
  /// 20,000 piped lines than this.
  @usableFromInline final class Storage: Sendable {
    @usableFromInline let fields: Fields

    @usableFromInline init(_ fields: Fields) {
      self.fields = fields
    }
  }
}

/// Shows the fields, not the box, so `print`, `dump` and test failures read as they did.
extension Message: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "sender": sender, "text": text, "time": time, "isLocal": isLocal,
        "conversation": conversation, "isAction": isAction, "markup": markup,
        "isMention": isMention, "serverMessageID": serverMessageID as Any,
        "isNotice": isNotice, "isHistory": isHistory, "account": account as Any,
        "isBot": isBot, "inReplyTo": inReplyTo as Any,
      ], displayStyle: .struct)
  }
}
