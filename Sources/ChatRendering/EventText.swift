import ChatCore

/// The words the human-readable renderers (line mode, log) use for a conversation event, in
/// the manner of irssi's `-!-` lines: `you joined`, `Bob left (bye)`, `topic: …`.
///
/// The line names the conversation itself (`[#room] -- Bob joined`), so the words do not.
/// Every name and reason passes through `Sanitizer`; with `markup` `.ircFormatting` (a network
/// run, `AppState.textMarkup`) topics and reasons lose their IRC formatting codes first, so
/// none shows as a control picture: the plain path of a message's text,
/// `Sanitizer.sanitize(_:markup:)`. Renderers with styles show a topic as they show a
/// message's text (`topic(of:)`).
public enum EventText {
  /// The words for `event`, sanitised, without the conversation's name or a time.
  public static func words(
    for event: ConversationEvent, rules: NameRules, markup: TextMarkup = .plain
  ) -> String {
    func because(_ reason: String?) -> String { Self.because(reason, markup) }
    switch event.change {
    case .activated:
      return "now talking here"
    case .closed(let reason):
      let what = rules.isChannel(event.conversation.text) ? "you left" : "private chat closed"
      return what + because(reason)
    case .invited(let nick, let channel, let author):
      return shown(author) + " invited " + (nick.map { shown($0) } ?? "you") + " to "
        + shown(channel)
    case .kicked(let nick, let author, let reason):
      return shown(author) + " removed " + (nick.map { shown($0) } ?? "you") + because(reason)
    case .memberAwayChanged(let nick, let message):
      guard let message else { return shown(nick) + " is back" }
      return shown(nick) + " is away: " + shown(message, markup)
    case .memberChanged(let nick, .account(let account)):
      return shown(nick) + (account.map { " logged in as " + shown($0) } ?? " logged out")
    case .memberChanged(let nick, .host(let user, let host)):
      return shown(nick) + " is now " + shown(user) + "@" + shown(host)
    case .memberChanged(let nick, .realName(let realName)):
      return shown(nick) + " changed their real name to " + shown(realName, markup)
    case .memberJoined(let nick):
      return shown(nick) + " joined"
    case .memberLeft(let nick, let reason):
      return shown(nick) + " left" + because(reason)
    case .memberQuit(let nick, let reason):
      return shown(nick) + " quit" + because(reason)
    case .memberRenamed(let old, let new):
      return shown(old) + " is now known as " + shown(new)
    case .modesChanged(let modes, let author):
      return "mode " + shown(modes, markup) + " by " + shown(author)
    case .membersListed(let count):
      return count == 1 ? "1 member (/names lists them)" : "\(count) members (/names lists them)"
    case .netjoin(let nicks, let servers):
      return "netjoin: " + people(nicks) + (nicks.count == 1 ? " is" : " are") + " back in "
        + shown(event.conversation.text) + named(nicks, servers)
    case .netsplit(let nicks, let servers):
      return "netsplit: " + people(nicks) + " left " + shown(event.conversation.text)
        + named(nicks, servers)
    case .read(let unread, _):
      return unread == 0 ? "read" : "read, \(unread) unread"
    case .typing(let nick, let typing):
      switch typing {
      case .active: return shown(nick) + " is typing"
      case .paused: return shown(nick) + " paused typing"
      case .done: return shown(nick) + " stopped typing"
      }
    case .opened(let kind):
      switch kind {
      case .channel: return "you joined"
      case .privateChat: return "private chat opened"
      case .server: return "opened"
      }
    case .renamed(let old, let reason):
      return "channel renamed from " + shown(old) + " to " + shown(event.conversation.text)
        + because(reason)
    case .reacted(let reaction, let counts):
      return ReferenceText.words(for: reaction, counts: counts)
    case .topicChanged(nil, let author):
      return "topic cleared" + (author.map { " by " + shown($0) } ?? "")
    case .topicChanged(.some(let topic), let author):
      return topicLead(by: author) + shown(topic, markup)
    }
  }

  /// A topic set, as two parts: the words before it (`topic set by Bob: `, sanitised) and the
  /// topic as received. A renderer with styles shows the topic through its message text path
  /// (IRC formatting as styles, as a message's); nil for every other event, a cleared topic
  /// included.
  public static func topic(of event: ConversationEvent) -> (lead: String, text: String)? {
    guard case .topicChanged(.some(let topic), let author) = event.change else { return nil }
    return (topicLead(by: author), topic)
  }

  private static func topicLead(by author: String?) -> String {
    "topic set" + (author.map { " by " + shown($0) } ?? "") + ": "
  }

  /// Whether `event` goes without saying after `previous` (the event just before it in the
  /// same change): becoming active right after being opened, as `/join` and `/query` do, and
  /// a channel closing right after you were removed from it (`alice removed you` says so).
  public static func isImplied(_ event: ConversationEvent, after previous: ConversationEvent?)
    -> Bool
  {
    guard let previous, previous.conversation == event.conversation else { return false }
    if case .activated = event.change, case .opened = previous.change { return true }
    if case .closed = event.change, case .kicked(nil, _, _) = previous.change { return true }
    return false
  }

  /// The events of `changes` worth a line of their own, oldest first. A read marker that
  /// moved is none (the unread counts say it), nor is someone's typing (the prompt and the
  /// status row say it): JSON lines report both.
  public static func shown(_ changes: Changes, in state: AppState) -> [ConversationEvent] {
    guard changes.eventCount > 0 else { return [] }
    var previous: ConversationEvent?
    var shown: [ConversationEvent] = []
    for event in changes.events(in: state) {
      defer { previous = event }
      switch event.change {
      case .read, .typing: continue
      case .activated, .closed, .invited, .kicked, .memberAwayChanged, .memberChanged,
        .memberJoined, .memberLeft, .memberQuit, .memberRenamed, .modesChanged, .membersListed,
        .netjoin, .netsplit, .opened, .reacted, .renamed, .topicChanged:
        break
      }
      if !isImplied(event, after: previous) { shown.append(event) }
    }
    return shown
  }

  /// Whether a line about a message in `name` names its conversation: when more than one is
  /// open, or when it is not the one open (a `/msg` to a channel not joined). O(1).
  @inline(__always)
  public static func namesConversation(_ name: ConversationName, in state: AppState) -> Bool {
    state.conversations.count > 1 || name.text != state.conversations.activeName.text
  }

  /// A member as lists show them: their highest prefix (`@bob`, as IRC clients do), the nick,
  /// sanitised, then their account when the network said and whether they are away:
  /// `@bob (account bobby, away)`, `eve (away)`, `dan`.
  public static func listed(_ member: Member) -> String {
    let prefix = member.highestPrefix.map { shown(String($0)) } ?? ""
    var marks: [String] = []
    if let account = member.account { marks.append("account " + shown(account)) }
    if member.awayMessage != nil { marks.append("away") }
    let marked = marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")"
    return prefix + shown(member.nick) + marked
  }

  /// The most nicks a netsplit or netjoin line names; the rest are counted.
  static let namedLimit = 5

  /// `1 person`, `12 people`.
  private static func people(_ nicks: [String]) -> String {
    nicks.count == 1 ? "1 person" : "\(nicks.count) people"
  }

  /// `: alice, bob and 10 more (irc1.test irc2.test)`.
  private static func named(_ nicks: [String], _ servers: String) -> String {
    let first = nicks.prefix(namedLimit).map { shown($0) }.joined(separator: ", ")
    let more = nicks.count > namedLimit ? " and \(nicks.count - namedLimit) more" : ""
    return ": " + first + more + " (" + shown(servers) + ")"
  }

  private static func because(_ reason: String?, _ markup: TextMarkup) -> String {
    guard let reason, !reason.isEmpty else { return "" }
    return " (" + shown(reason, markup) + ")"
  }

  private static func shown(_ text: String, _ markup: TextMarkup = .plain) -> String {
    Sanitizer.sanitize(text, markup: markup)
  }
}
