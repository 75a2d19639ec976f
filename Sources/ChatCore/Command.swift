/// A command the user typed after `/`, with its arguments as typed.
///
/// Names are not checked here: `update` checks them against the state's `NameRules`, which a
/// network may change.
public enum Command: Hashable, Sendable {
  /// `/me text`: an action in the active conversation.
  case action(String)
  /// `/away [text]`: mark you away with `text`, or back without.
  case away(String?)
  /// `/channels [MASK]`: the server's channels, with their user counts and topics.
  case channels(mask: String?)
  /// `/help [topic]`: the commands; with a command group or a command, that group.
  case help(topic: String?)
  /// `/history [N]`: N (by default `AppState.defaultHistoryLength`) messages of the active
  /// conversation older than the oldest held, from the server's history.
  case history(count: Int?)
  /// `/invite NICK [CHANNEL]`: invite someone into a channel (the active one without).
  case invite(String, channel: String?)
  /// `/join NAME[,NAME…] [KEY[,KEY…]]`: join channels (`#` is added to a name without a
  /// channel prefix), each with the key in the same place of the keys, if any.
  case join(String, keys: String?)
  /// `/kick NICK [REASON]`: put someone out of a channel (the active one, unless the first
  /// word names a channel, as irssi's `/kick #chan nick` does).
  case kick(String, reason: String?)
  /// `/list`: the open conversations, numbered, with their unread counts.
  case list
  /// `/op`, `/deop`, `/voice`, `/devoice`, `/ban`, `/unban` with nicks (or masks for a ban):
  /// give (`adding`) or take a member mode in the active channel.
  case memberMode(MemberMode, adding: Bool, targets: [String])
  /// `/msg NAME text`: send to a conversation, opening a private chat if it is new.
  case message(to: String, text: String)
  /// `/monitor [+|-]NICK[,NICK…]`: watch nicks come online and go (`-`: stop); alone, the
  /// nicks watched.
  case monitor(MonitorRequest)
  /// `/mode [TARGET] [MODES…]`: change (or with no modes, show) the modes of `target`, or of
  /// the active channel when nil. The first word is the target unless it starts with `+`
  /// or `-`.
  case mode(target: String?, modes: [String])
  /// `/names [NAME]`: the members of a channel.
  case names(String?)
  /// `/nick NEW`: be known as `NEW` from now on.
  case nick(String)
  /// `/notice TARGET text`: send a notice to a channel or a nick.
  case notice(to: String, text: String)
  /// `/part [NAME] [reason]`: leave a channel or close a private chat. The arguments stay
  /// whole: whether the first word names a conversation depends on what is open.
  case part(String)
  /// `/query NAME`: open a private chat and switch to it.
  case query(String)
  /// `/quit [reason]`: leave once replies in flight have arrived, telling the other side
  /// `reason` (the session's default when nil).
  case quit(reason: String?)
  /// `/quote LINE`: send a line to the server as it is.
  case quote(String)
  /// `/react N TEXT`: react with TEXT (an emoji) to the Nth newest message of the active
  /// conversation (1: the newest).
  case react(Int, String)
  /// `/reply N TEXT`: send TEXT as a reply to the Nth newest message of the active
  /// conversation (1: the newest).
  case reply(Int, String)
  /// `/retry`: send every failed message again, with its original id.
  case retry
  /// `/search [TEXT]`: highlight TEXT in the active conversation (the full screen's view);
  /// without it, stop highlighting.
  case search(String?)
  /// `/switch NAME|N` (or `/win N`, as in irssi): make a conversation the active one.
  case switchTo(String)
  /// `/topic [text]`: show the active channel's topic, or set it.
  case topic(String?)
  /// `/setname TEXT`: be known by the real name `TEXT` (IRCv3 `setname`).
  case setName(String)
  /// `/who [MASK]`: who matches a channel, a nick or a pattern (the active channel without).
  case who(String?)
  /// `/whois [NICK]`: who someone is (without a nick, the person of the active private chat).
  case whois(String?)

  /// The most messages one `/history` asks for (the server gives no more than its own limit).
  public static let maximumHistoryCount = 100_000

  /// The command `name` with `arguments` (leading blanks already dropped); nil when a
  /// required argument is missing (or `/history`'s count is not one).
  init?(_ name: Name, arguments: Substring) {
    let (word, rest) = firstWord(of: arguments)
    let whole = arguments.isEmpty ? nil : String(arguments)
    let restText = rest.isEmpty ? nil : String(rest)
    switch name {
    case .away: self = .away(whole)
    case .setname:
      guard let whole else { return nil }
      self = .setName(whole)
    case .ban, .deop, .devoice, .op, .unban, .voice:
      let targets = words(of: arguments)
      guard !targets.isEmpty, let (mode, adding) = name.memberMode else { return nil }
      self = .memberMode(mode, adding: adding, targets: targets)
    case .channels: self = .channels(mask: word.map(String.init))
    case .help: self = .help(topic: word.map(String.init))
    case .history:
      guard let word else {
        self = .history(count: nil)
        return
      }
      // A count of messages, and nothing after it.
      guard rest.isEmpty, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let count = Int(word),
        (1...Self.maximumHistoryCount).contains(count)
      else { return nil }
      self = .history(count: count)
    case .invite:
      guard let word else { return nil }
      self = .invite(String(word), channel: firstWord(of: rest).0.map(String.init))
    case .join:
      guard let word else { return nil }
      self = .join(String(word), keys: firstWord(of: rest).0.map(String.init))
    case .kick:
      guard let word else { return nil }
      self = .kick(String(word), reason: restText)
    case .list: self = .list
    case .me:
      guard let whole else { return nil }
      self = .action(whole)
    case .mode:
      let all = words(of: arguments)
      if let first = all.first, !first.hasPrefix("+"), !first.hasPrefix("-") {
        self = .mode(target: first, modes: Array(all.dropFirst()))
      } else {
        self = .mode(target: nil, modes: all)
      }
    case .monitor:
      guard let request = MonitorRequest(typed: arguments) else { return nil }
      self = .monitor(request)
    case .msg:
      guard let word, !rest.isEmpty else { return nil }
      self = .message(to: String(word), text: String(rest))
    case .names: self = .names(word.map(String.init))
    case .nick:
      guard let word else { return nil }
      self = .nick(String(word))
    case .notice:
      guard let word, let restText else { return nil }
      self = .notice(to: String(word), text: restText)
    case .part: self = .part(String(arguments))
    case .query:
      guard let word else { return nil }
      self = .query(String(word))
    case .quit: self = .quit(reason: whole)
    case .quote:
      guard let whole else { return nil }
      self = .quote(whole)
    case .react, .reply:
      // A count of messages back, then the text.
      guard let word, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let back = Int(word),
        (1...Self.maximumHistoryCount).contains(back), let restText
      else { return nil }
      self = name == .react ? .react(back, restText) : .reply(back, restText)
    case .retry: self = .retry
    case .search: self = .search(whole)
    case .switch, .win:
      guard let word else { return nil }
      self = .switchTo(String(word))
    case .topic: self = .topic(whole)
    case .who: self = .who(word.map(String.init))
    case .whois: self = .whois(word.map(String.init))
    }
  }
}

/// The first blank-separated word of `text` (nil when there is none) and what follows it,
/// leading blanks dropped. Text after the word keeps its trailing blanks.
///
/// Blanks are ASCII space and tab only, as IRC separates parameters: a NEL (U+0085), a
/// no-break or an ideographic space is part of the word, so `/msg bob<NEL>hi text` names
/// `bob<NEL>hi` (refused as a name) instead of sending `hi text` to `bob`.
func firstWord(of text: Substring) -> (Substring?, Substring) {
  let text = text.drop(while: isBlank)
  guard !text.isEmpty else { return (nil, text) }
  let word = text.prefix { !isBlank($0) }
  return (word, text.dropFirst(word.count).drop(while: isBlank))
}

/// Every blank-separated word of `text`.
func words(of text: Substring) -> [String] {
  text.split(whereSeparator: isBlank).map(String.init)
}

/// Whether `character` separates a command's words: an ASCII space or tab.
func isBlank(_ character: Character) -> Bool {
  character == " " || character == "\t"
}
