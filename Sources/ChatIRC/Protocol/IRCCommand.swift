/// A received line's command, parsed once: the commands and numerics the client acts on by
/// name, and the rest as a number or an upper-cased word, so dispatch is a `switch` the
/// compiler checks rather than string comparisons on every line.
public enum IRCCommand: Hashable, Sendable {
  /// `ACCOUNT`: with `account-notify`, a member logged in to an account (or out: `*`).
  case account
  case ack
  case authenticate
  /// `AWAY`: with `away-notify`, a member went away (with a message) or came back (none).
  case away
  case batch
  case cap
  /// `CHGHOST`: with `chghost`, a member's user name and host changed.
  case chghost
  case error
  case fail
  case join
  /// `INVITE`: someone invited us, or (`invite-notify`) someone into a channel of ours.
  case invite
  case kick
  /// `MARKREAD`: with `draft/read-marker`, where the account has read a conversation up to.
  case markread
  /// `MODE`: a channel's modes (or ours) changed.
  case mode
  case nick
  /// `NOTE`: an IRCv3 standard reply, information only.
  case note
  case notice
  case part
  case ping
  case pong
  case privmsg
  case quit
  /// `RENAME`: with `draft/channel-rename`, a channel we are in has a new name.
  case rename
  /// `SETNAME`: with `setname`, a member (or we) changed their real name.
  case setname
  /// `TAGMSG`: a message of tags only (`message-tags`): someone typing, a reaction.
  case tagmsg
  case topic
  /// `WARN`: an IRCv3 standard reply, a warning.
  case warn

  /// `001` RPL_WELCOME: registered.
  case welcome
  /// `005` RPL_ISUPPORT.
  case support
  /// `301` RPL_AWAY.
  case awayReply
  /// `331` RPL_NOTOPIC.
  case noTopic
  /// `332` RPL_TOPIC.
  case topicIs
  /// `333` RPL_TOPICWHOTIME.
  case topicSetBy
  /// `353` RPL_NAMREPLY.
  case namesReply
  /// `366` RPL_ENDOFNAMES.
  case endOfNames
  /// `396` RPL_VISIBLEHOST (or RPL_HOSTHIDDEN).
  case visibleHost
  /// `410` ERR_INVALIDCAPCMD.
  case invalidCapabilityCommand
  /// `421` ERR_UNKNOWNCOMMAND.
  case unknownCommand
  /// `432` ERR_ERRONEUSNICKNAME.
  case erroneousNick
  /// `433` ERR_NICKNAMEINUSE, `436` ERR_NICKCOLLISION, `437` ERR_UNAVAILRESOURCE.
  case nickUnavailable(Int)
  /// `900` RPL_LOGGEDIN.
  case loggedIn
  /// `901` RPL_LOGGEDOUT.
  case loggedOut
  /// `902`–`908`: the outcome of a SASL exchange (`903` success, `907` already logged in).
  case saslReply(Int)

  /// Any other numeric.
  case numeric(Int)
  /// Any other command, upper-cased.
  case other(String)

  /// The command of a line as `IRCMessage` parsed it: letters (in any case) or three digits.
  public init(_ text: String) {
    if let first = text.utf8.first, first >= 0x30, first <= 0x39 {
      self = Int(text).map(Self.init(number:)) ?? .other(text)
      return
    }
    if let word = Self.word(text) {
      self = word
      return
    }
    let upper = text.uppercased()
    self = Self.word(upper) ?? .other(upper)
  }

  /// The number of a numeric reply, named or not; nil for a word.
  public var number: Int? {
    switch self {
    case .welcome: 1
    case .support: 5
    case .awayReply: 301
    case .noTopic: 331
    case .topicIs: 332
    case .topicSetBy: 333
    case .namesReply: 353
    case .endOfNames: 366
    case .visibleHost: 396
    case .invalidCapabilityCommand: 410
    case .unknownCommand: 421
    case .erroneousNick: 432
    case .nickUnavailable(let number), .saslReply(let number), .numeric(let number): number
    case .loggedIn: 900
    case .loggedOut: 901
    case .account, .ack, .authenticate, .away, .batch, .cap, .chghost, .error, .fail, .invite,
      .join, .kick, .markread, .mode,
      .nick, .note, .notice, .part, .ping, .pong, .privmsg, .quit, .rename, .setname, .tagmsg,
      .topic, .warn, .other:
      nil
    }
  }

  private init(number: Int) {
    switch number {
    case 1: self = .welcome
    case 5: self = .support
    case 301: self = .awayReply
    case 331: self = .noTopic
    case 332: self = .topicIs
    case 333: self = .topicSetBy
    case 353: self = .namesReply
    case 366: self = .endOfNames
    case 396: self = .visibleHost
    case 410: self = .invalidCapabilityCommand
    case 421: self = .unknownCommand
    case 432: self = .erroneousNick
    case 433, 436, 437: self = .nickUnavailable(number)
    case 900: self = .loggedIn
    case 901: self = .loggedOut
    case 902...908: self = .saslReply(number)
    default: self = .numeric(number)
    }
  }

  /// The command named by upper-case `text`, the busiest first.
  private static func word(_ text: String) -> IRCCommand? {
    switch text {
    case "PRIVMSG": .privmsg
    case "NOTICE": .notice
    case "JOIN": .join
    case "PART": .part
    case "QUIT": .quit
    case "NICK": .nick
    case "PING": .ping
    case "PONG": .pong
    case "BATCH": .batch
    case "KICK": .kick
    case "MODE": .mode
    case "INVITE": .invite
    case "TOPIC": .topic
    case "CAP": .cap
    case "AUTHENTICATE": .authenticate
    case "ACK": .ack
    case "FAIL": .fail
    case "WARN": .warn
    case "NOTE": .note
    case "ERROR": .error
    case "AWAY": .away
    case "ACCOUNT": .account
    case "CHGHOST": .chghost
    case "SETNAME": .setname
    case "MARKREAD": .markread
    case "TAGMSG": .tagmsg
    case "RENAME": .rename
    default: nil
    }
  }
}
