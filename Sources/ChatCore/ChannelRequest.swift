/// A join or a part the run asked of the session and has no answer to yet: what
/// `AppState.channelRequests` keeps, the user's side of it (what went on the wire is the
/// session's). Piped input waits while one is unanswered, since what it says next depends on
/// the answer: the channel a message goes to, the conversation active after leaving one.
public struct ChannelRequest: Hashable, Sendable {
  /// What was asked.
  public enum Kind: Hashable, Sendable {
    /// A channel the run joins at start (the URL's or `--join`'s), joined by the session as
    /// it registers. The first of them joined becomes the active conversation; the others
    /// open beside it, since the run was asked for them, not switched to them.
    case joinAtStart
    /// A `/join` (or a JSON `join` request): the channel becomes active once joined.
    case join
    /// A `/part` of a channel (or a JSON `part` request).
    case part
  }

  /// What was asked.
  public var kind: Kind
  /// The channel it was asked for, as the request named it.
  public var channel: ConversationName

  /// Creates a request.
  public init(_ kind: Kind, _ channel: ConversationName) {
    self.kind = kind
    self.channel = channel
  }

  /// Whether `answer` (a join's, when true; a part's otherwise) answers this request.
  func isAnswered(byJoin answer: Bool) -> Bool {
    switch kind {
    case .join, .joinAtStart: answer
    case .part: !answer
    }
  }
}
