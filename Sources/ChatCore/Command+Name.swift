extension Command {
  /// The commands' names, as typed after `/` (in any case: `/HELP`, `/Join`).
  public enum Name: String, Hashable, Sendable, CaseIterable {
    case help, join, list, me, msg, names, part, query, quit, retry, search, `switch`, topic, win
    case away, ban, channels, deop, devoice, history, invite, kick, mode, monitor, nick, notice, op,
      quote, react, reply, setname
    case unban, voice, who, whois

    /// The group `/help` lists the command in.
    public enum Group: Hashable, Sendable {
      /// Running chat: help, retrying, leaving.
      case general
      /// Conversations: joining, switching, sending (`/help conversations`).
      case conversation
      /// The server's own commands, which need one (`/help server`).
      case server
    }

    /// The short forms irssi's default configuration defines, with the commands they stand
    /// for: what an irssi user types without thinking. (`/q` is `/query` and `/w` is `/who`
    /// there, not `/quit` and `/whois`; irssi's `/wi` is `/whois`.)
    public static let shortForms: [(form: String, command: Name)] = [
      ("b", .ban), ("back", .away), ("bye", .quit), ("exit", .quit), ("j", .join), ("k", .kick),
      ("leave", .part), ("m", .msg), ("n", .names), ("p", .part), ("q", .query),
      ("signoff", .quit), ("t", .topic), ("ub", .unban), ("w", .who), ("wi", .whois),
    ]

    /// The command `typed` names, in any case, by its name or a short form; nil for none.
    public init?(typed: some StringProtocol) {
      let word = String(typed).lowercased()
      if let name = Name(rawValue: word) {
        self = name
      } else if let short = Self.shortForms.first(where: { $0.form == word }) {
        self = short.command
      } else {
        return nil
      }
    }

    /// The group `/help` lists it in.
    public var group: Group {
      switch self {
      case .help, .quit, .retry: .general
      case .join, .list, .me, .msg, .names, .part, .query, .search, .switch, .topic, .win:
        .conversation
      case .away, .ban, .channels, .deop, .devoice, .history, .invite, .kick, .mode, .monitor,
        .nick,
        .notice, .op, .react, .reply,
        .quote, .setname, .unban, .voice, .who, .whois:
        .server
      }
    }

    /// Whether the command is about conversations (listed by `/help conversations`).
    public var isConversationCommand: Bool { group == .conversation }

    /// Whether the command asks something of a server: with the simulated peer it says it
    /// needs one.
    public var needsServer: Bool { group == .server }

    /// The member mode the short command gives or takes, and whether it gives it.
    var memberMode: (MemberMode, adding: Bool)? {
      switch self {
      case .op: (.operator, true)
      case .deop: (.operator, false)
      case .voice: (.voice, true)
      case .devoice: (.voice, false)
      case .ban: (.ban, true)
      case .unban: (.ban, false)
      case .away, .channels, .help, .history, .invite, .join, .kick, .list, .me, .mode, .monitor,
        .msg, .names, .react, .reply,
        .nick, .notice, .part, .query, .quit, .quote, .retry, .search, .setname, .switch, .topic,
        .who,
        .whois, .win:
        nil
      }
    }

    /// How it is typed, for help and for the notice about a missing argument.
    public var usage: String {
      switch self {
      case .away: "/away [TEXT]"
      case .ban: "/ban NICK|MASK..."
      case .channels: "/channels [MASK]"
      case .deop: "/deop NICK..."
      case .devoice: "/devoice NICK..."
      case .help: "/help [TOPIC]"
      case .history: "/history [N]"
      case .invite: "/invite NICK [CHANNEL]"
      case .join: "/join NAME [KEY]"
      case .kick: "/kick NICK [REASON]"
      case .list: "/list"
      case .me: "/me TEXT"
      case .mode: "/mode [TARGET] [MODES...]"
      case .monitor: "/monitor [+|-]NICK..."
      case .msg: "/msg NAME TEXT"
      case .names: "/names [NAME]"
      case .nick: "/nick NEW"
      case .notice: "/notice TARGET TEXT"
      case .op: "/op NICK..."
      case .part: "/part [NAME] [REASON]"
      case .query: "/query NAME"
      case .quit: "/quit [REASON]"
      case .quote: "/quote LINE"
      case .react: "/react N EMOJI"
      case .reply: "/reply N TEXT"
      case .retry: "/retry"
      case .search: "/search [TEXT]"
      case .setname: "/setname TEXT"
      case .switch: "/switch NAME|N"
      case .topic: "/topic [TEXT]"
      case .unban: "/unban NICK|MASK..."
      case .voice: "/voice NICK..."
      case .who: "/who [MASK]"
      case .whois: "/whois [NICK]"
      case .win: "/win N|NAME"
      }
    }

    /// One line describing the command, for `/help`.
    public var summary: String {
      switch self {
      case .away: "mark yourself away; without TEXT, back"
      case .ban: "ban in the active channel (NICK bans NICK!*@*)"
      case .channels: "the server's channels, user counts and topics"
      case .deop: "take operator status in the active channel"
      case .devoice: "take voice in the active channel"
      case .help: "list the commands"
      case .history: "show N (50) older messages of this conversation"
      case .invite: "invite into CHANNEL or the active channel"
      case .join: "join a channel and switch to it; #a,#b k1,k2"
      case .kick: "put someone out of the active channel"
      case .list: "the open conversations, numbered, with unread counts"
      case .me: "send an action (/me waves)"
      case .mode: "change or show modes (the active channel's)"
      case .monitor: "watch NICKs come and go; -NICK stops, alone lists"
      case .msg: "send to a conversation, opening a private chat if new"
      case .names: "list a channel's members"
      case .nick: "change your nick"
      case .notice: "send a notice to a channel or a nick"
      case .op: "give operator status in the active channel"
      case .part: "leave a channel or close a private chat"
      case .query: "open a private chat and switch to it"
      case .quit: "leave once the replies in flight have arrived (twice: at once)"
      case .quote: "send LINE to the server as it is (paced)"
      case .react: "react to the Nth newest message (1: the newest)"
      case .reply: "answer the Nth newest message (1: the newest)"
      case .retry: "send the messages that failed again"
      case .search: "highlight TEXT in the full screen (alone: stop)"
      case .setname: "change your real name (IRCv3 setname)"
      case .switch: "switch to a conversation by name or number in /list"
      case .topic: "show the channel's topic, or set it"
      case .unban: "lift a ban in the active channel"
      case .voice: "give voice in the active channel"
      case .who: "who matches MASK (or is in the active channel)"
      case .whois: "who NICK is (no NICK: the private chat's, or you)"
      case .win: "the same as /switch"
      }
    }
  }
}
