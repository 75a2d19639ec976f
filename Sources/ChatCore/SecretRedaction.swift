/// Where a line the user typed, or a line chat writes to the server, carries a secret, and
/// what it is without it: recordings, the input history and logs keep the redacted form.
///
/// A secret is what a password would be: `PASS`, `AUTHENTICATE` and `OPER`'s password,
/// anything said to NickServ by a raw line (`NICKSERV`, `NS`, `PRIVMSG NickServ`), and
/// channel keys (`JOIN #a key`, `/join #a key`). What `/msg NickServ` says is a message like
/// any other and is not redacted.
public enum SecretRedaction {
  /// What the redacted part becomes.
  public static let mark = "<redacted>"

  /// `line`, a line for the server, with its secret replaced by `mark`; nil when it carries
  /// none. Tags and a source before the command are dropped with the secret.
  public static func redacted(rawLine line: String) -> String? {
    var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
    if words.first?.hasPrefix("@") == true { words = words.dropFirst() }
    if words.first?.hasPrefix(":") == true { words = words.dropFirst() }
    guard let command = words.first.map({ $0.uppercased() }) else { return nil }
    let arguments = words.dropFirst()
    let kept: Int
    switch command {
    case "PASS", "AUTHENTICATE", "NICKSERV", "NS":
      guard !arguments.isEmpty else { return nil }
      kept = 0
    case "OPER":
      guard arguments.count > 1 else { return nil }
      kept = 1
    case "JOIN":
      guard arguments.count > 1 else { return nil }
      kept = 1
    case "PRIVMSG", "NOTICE":
      guard let target = arguments.first, isNickServ(target), arguments.count > 1 else {
        return nil
      }
      kept = 1
    default:
      return nil
    }
    let shown = arguments.prefix(kept).map { String($0) }
    return ([command] + shown + [mark]).joined(separator: " ")
  }

  /// `line`, as typed, with its secret replaced by `mark`; nil when it carries none: a
  /// `/quote` of a line with a secret, or a `/join` with keys.
  public static func redacted(typedLine line: String) -> String? {
    guard line.hasPrefix("/"), !line.hasPrefix("//") else { return nil }
    let body = Substring(line).dropFirst()
    let (name, arguments) = firstWord(of: body)
    guard let name, let command = Command.Name(typed: name) else { return nil }
    switch command {
    case .quote:
      return redacted(rawLine: String(arguments)).map { "/" + name + " " + $0 }
    case .join:
      let (channels, keys) = firstWord(of: arguments)
      guard let channels, firstWord(of: keys).0 != nil else { return nil }
      return "/" + name + " " + channels + " " + mark
    case .away, .ban, .channels, .deop, .devoice, .help, .history, .invite, .kick, .list, .me,
      .mode, .monitor, .react, .reply,
      .msg, .names, .nick, .notice, .op, .part, .query, .quit, .retry, .search, .setname, .switch,
      .topic,
      .unban, .voice, .who, .whois, .win:
      return nil
    }
  }

  private static func isNickServ(_ target: Substring) -> Bool {
    let name = target.lowercased()
    return name == "nickserv" || name.hasPrefix("nickserv@")
  }
}
