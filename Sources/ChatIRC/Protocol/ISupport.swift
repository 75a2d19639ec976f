import ChatCore

/// What a server says about itself in `RPL_ISUPPORT` (005), with the spec's defaults for what
/// it leaves out.
public struct ISupport: Hashable, Sendable {
  /// The characters that start a channel name (`CHANTYPES`); `#&` by default.
  public var channelTypes: String = "#&"
  /// The longest nick the server accepts (`NICKLEN`), if it says.
  public var nickLength: Int?
  /// The longest channel name the server accepts (`CHANNELLEN`), if it says.
  public var channelLength: Int?
  /// The longest line in bytes, CR LF included and tags excluded (`LINELEN`); 512 by default.
  public var lineLength: Int = 512
  /// How nicks and channel names compare (`CASEMAPPING`); rfc1459 by default.
  public var caseMapping: NameRules.CaseMapping = .rfc1459
  /// Membership modes and their prefixes, highest first (`PREFIX`); `(ov)@+` by default.
  public var prefixes: [IRCMembershipPrefix] = [
    IRCMembershipPrefix(mode: "o", prefix: "@"), IRCMembershipPrefix(mode: "v", prefix: "+"),
  ]
  /// Which channel modes take a parameter (`CHANMODES`).
  public var channelModes = IRCChannelModes()
  /// The network's name (`NETWORK`), if it says.
  public var network: String?
  /// How many modes with a parameter one `MODE` line may change (`MODES`); 3 by default, and
  /// `unlimitedModes` when the server names no limit.
  public var modesPerLine = 3
  /// Whether the server accepts only UTF-8 (`UTF8ONLY`): chat sends nothing else anyway, and
  /// says so.
  public var isUTF8Only = false
  /// The most messages one `CHATHISTORY` request returns (`CHATHISTORY`, or its draft name
  /// `draft/CHATHISTORY`), if the server says; nil also for 0, which means no limit.
  public var historyLimit: Int?
  /// The user mode that marks a bot (`BOT=B`), if the server has one.
  public var botMode: Character?
  /// The client-only tags the server does not relay (`CLIENTTAGDENY`); none by default.
  public var clientTagDeny = IRCClientTagDeny()
  /// Whether the server answers `WHO` with chosen fields (`WHOX`).
  public var offersWhoX = false
  /// Whether the server has IRCv3 `MONITOR` (the `MONITOR` token).
  public var offersMonitor = false
  /// The most nicks one client may watch (`MONITOR=100`); nil when the server names none.
  public var monitorLimit: Int?

  /// What `MODES` without a value (no limit) counts as: the line's length limits it anyway.
  public static let unlimitedModes = 20

  /// The defaults, for a server that has not sent 005 yet.
  public init() {}

  /// This support without what only the protocol client acts on (`WHOX`, `MONITOR`,
  /// `CLIENTTAGDENY`): a `005` line that changes only those is not reported as news
  /// (`IRCEvent.serverSupport`).
  var reported: ISupport {
    var reported = self
    reported.offersWhoX = false
    reported.offersMonitor = false
    reported.monitorLimit = nil
    reported.clientTagDeny = IRCClientTagDeny()
    return reported
  }

  /// Whether `name` is a channel name on this server.
  public func isChannel(_ name: some StringProtocol) -> Bool {
    guard let first = name.first else { return false }
    return channelTypes.contains(first)
  }

  /// This support with the tokens of one 005 line applied (the parameters between the nick
  /// and the trailing text). `-TOKEN` puts a parameter back to its default; unknown tokens
  /// and values that do not parse are ignored.
  public func applying(_ tokens: some Sequence<String>) -> ISupport {
    var support = self
    for token in tokens {
      support.apply(token)
    }
    return support
  }

  private mutating func apply(_ token: String) {
    let defaults = ISupport()
    if token.hasPrefix("-") {
      switch token.dropFirst() {
      case "CHANTYPES": channelTypes = defaults.channelTypes
      case "NICKLEN": nickLength = nil
      case "CHANNELLEN": channelLength = nil
      case "LINELEN": lineLength = defaults.lineLength
      case "CASEMAPPING": caseMapping = defaults.caseMapping
      case "PREFIX": prefixes = defaults.prefixes
      case "NETWORK": network = nil
      case "MODES": modesPerLine = defaults.modesPerLine
      case "CHANMODES": channelModes = defaults.channelModes
      case "UTF8ONLY": isUTF8Only = false
      case "CHATHISTORY", "draft/CHATHISTORY": historyLimit = nil
      case "BOT": botMode = nil
      case "CLIENTTAGDENY": clientTagDeny = defaults.clientTagDeny
      case "MONITOR": (offersMonitor, monitorLimit) = (false, nil)
      case "WHOX": offersWhoX = false
      default: break
      }
      return
    }
    let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let value = parts.count > 1 ? Self.unescaped(parts[1]) : ""
    switch parts[0] {
    case "CHANTYPES": channelTypes = value
    case "NICKLEN": nickLength = Self.length(value) ?? nickLength
    case "CHANNELLEN": channelLength = Self.length(value) ?? channelLength
    case "LINELEN": lineLength = Self.length(value).map { max($0, 512) } ?? lineLength
    case "CASEMAPPING":
      caseMapping = NameRules.CaseMapping(rawValue: value.lowercased()) ?? caseMapping
    case "PREFIX": prefixes = Self.prefixes(value) ?? prefixes
    case "NETWORK": network = value.isEmpty ? nil : value
    case "CHANMODES": channelModes = IRCChannelModes(parsing: value) ?? channelModes
    case "UTF8ONLY": isUTF8Only = true
    case "CHATHISTORY", "draft/CHATHISTORY":
      historyLimit = value == "0" ? nil : Self.length(value) ?? historyLimit
    case "BOT": botMode = value.count == 1 ? value.first : botMode
    case "CLIENTTAGDENY": clientTagDeny = IRCClientTagDeny(parsing: value)
    case "WHOX": offersWhoX = true
    case "MONITOR": (offersMonitor, monitorLimit) = (true, Self.length(value))
    case "MODES":
      modesPerLine =
        value.isEmpty
        ? Self.unlimitedModes : Self.length(value).map { min($0, 100) } ?? modesPerLine
    default: break
    }
  }

  /// A positive length below a million (anything else is not a length a server means).
  private static func length(_ value: String) -> Int? {
    guard let number = Int(value), (1..<1_000_000).contains(number) else { return nil }
    return number
  }

  /// `(ov)@+` as pairs; an empty value means no prefixes at all.
  private static func prefixes(_ value: String) -> [IRCMembershipPrefix]? {
    if value.isEmpty { return [] }
    guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return nil }
    let modes = value[value.index(after: value.startIndex)..<close]
    let symbols = value[value.index(after: close)...]
    guard modes.count == symbols.count else { return nil }
    return zip(modes, symbols).map { IRCMembershipPrefix(mode: $0, prefix: $1) }
  }

  /// Values may escape bytes as `\xHH` (a space is `\x20`).
  private static func unescaped(_ value: Substring) -> String {
    let utf8 = Array(value.utf8)
    guard utf8.contains(UInt8(ascii: "\\")) else { return String(value) }
    var bytes: [UInt8] = []
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
        utf8[index + 1] == UInt8(ascii: "x"),
        let high = hexDigit(utf8[index + 2]), let low = hexDigit(utf8[index + 3])
      {
        bytes.append(high << 4 | low)
        index += 4
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x37
    case 0x61...0x66: byte - 0x57
    default: nil
    }
  }
}
