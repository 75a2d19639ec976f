/// A command the user typed after `/`, with its arguments as typed.
///
/// Names are not checked here: `update` checks them against the state's `NameRules`, which a
/// network may change.
public enum Command: Hashable, Sendable {
  /// `/me text`: an action in the active conversation.
  case action(String)
  /// `/help [topic]`: the commands; with a conversation command or `conversations`, those.
  case help(topic: String?)
  /// `/join NAME`: join a channel (`#` is added when the name has no channel prefix).
  case join(String)
  /// `/list`: the open conversations, numbered, with their unread counts.
  case list
  /// `/msg NAME text`: send to a conversation, opening a private chat if it is new.
  case message(to: String, text: String)
  /// `/names [NAME]`: the members of a channel.
  case names(String?)
  /// `/part [NAME] [reason]`: leave a channel or close a private chat. The arguments stay
  /// whole: whether the first word names a conversation depends on what is open.
  case part(String)
  /// `/query NAME`: open a private chat and switch to it.
  case query(String)
  /// `/quit [reason]`: leave once replies in flight have arrived, telling the other side
  /// `reason` (the session's default when nil).
  case quit(reason: String?)
  /// `/retry`: send every failed message again, with its original id.
  case retry
  /// `/switch NAME|N` (or `/win N`, as in irssi): make a conversation the active one.
  case switchTo(String)
  /// `/topic [text]`: show the active channel's topic, or set it.
  case topic(String?)

  /// The commands' names, as typed after `/`.
  public enum Name: String, Hashable, Sendable, CaseIterable {
    case help, join, list, me, msg, names, part, query, quit, retry, `switch`, topic, win

    /// Whether the command is about conversations (listed by `/help conversations`).
    public var isConversationCommand: Bool {
      switch self {
      case .help, .quit, .retry: false
      case .join, .list, .me, .msg, .names, .part, .query, .switch, .topic, .win: true
      }
    }

    /// How it is typed, for help and for the notice about a missing argument.
    public var usage: String {
      switch self {
      case .help: "/help"
      case .join: "/join NAME"
      case .list: "/list"
      case .me: "/me TEXT"
      case .msg: "/msg NAME TEXT"
      case .names: "/names [NAME]"
      case .part: "/part [NAME] [REASON]"
      case .query: "/query NAME"
      case .quit: "/quit"
      case .retry: "/retry"
      case .switch: "/switch NAME|N"
      case .topic: "/topic [TEXT]"
      case .win: "/win N|NAME"
      }
    }

    /// One line describing the command, for `/help`.
    public var summary: String {
      switch self {
      case .help: "list the commands"
      case .join: "join a channel and switch to it"
      case .list: "list the open conversations, numbered, with unread counts"
      case .me: "send an action (/me waves)"
      case .msg: "send to a conversation, opening a private chat if new"
      case .names: "list a channel's members"
      case .part: "leave a channel or close a private chat"
      case .query: "open a private chat and switch to it"
      case .quit: "leave once the replies in flight have arrived (twice: at once)"
      case .retry: "send the messages that failed again"
      case .switch: "switch to a conversation by name or by its number in /list"
      case .topic: "show the channel's topic, or set it"
      case .win: "the same as /switch"
      }
    }
  }

  /// The command `name` with `arguments` (leading blanks already dropped); nil when a
  /// required argument is missing.
  init?(_ name: Name, arguments: Substring) {
    let (word, rest) = firstWord(of: arguments)
    let whole = arguments.isEmpty ? nil : String(arguments)
    switch name {
    case .help: self = .help(topic: word.map(String.init))
    case .join:
      guard let word else { return nil }
      self = .join(String(word))
    case .list: self = .list
    case .me:
      guard let whole else { return nil }
      self = .action(whole)
    case .msg:
      guard let word, !rest.isEmpty else { return nil }
      self = .message(to: String(word), text: String(rest))
    case .names: self = .names(word.map(String.init))
    case .part: self = .part(String(arguments))
    case .query:
      guard let word else { return nil }
      self = .query(String(word))
    case .quit: self = .quit(reason: whole)
    case .retry: self = .retry
    case .switch, .win:
      guard let word else { return nil }
      self = .switchTo(String(word))
    case .topic: self = .topic(whole)
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

/// Whether `character` separates a command's words: an ASCII space or tab.
func isBlank(_ character: Character) -> Bool {
  character == " " || character == "\t"
}
