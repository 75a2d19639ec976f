import ChatCore
import FoundationEssentials
import IRCFormattingCodes

/// The words for the server's answers to the user's questions (`SessionReply`): one block per
/// answer, every line sanitised, shared by the renderers that show text.
public enum ReplyText {
  /// The lines of `reply`, each ending in a newline.
  public static func text(of reply: SessionReply) -> String {
    switch reply {
    case .channels(let list): channels(list)
    case .who(let reply): who(reply)
    case .whois(let reply): whois(reply)
    }
  }

  /// `/whois`: `whois bob: ~bob@host`, then a row for each fact the server gave.
  static func whois(_ reply: WhoisReply) -> String {
    let nick = shown(reply.nick)
    guard reply.isFound else { return "whois \(nick): no such nick\n" }
    var head = "whois \(nick)"
    if let user = reply.user, let host = reply.host { head += ": " + shown(user + "@" + host) }
    var rows: [(String, String)] = []
    if let name = reply.realName { rows.append(("real name", plain(name))) }
    if !reply.channels.isEmpty {
      rows.append(("channels", reply.channels.map(shown).joined(separator: " ")))
    }
    if let server = reply.server {
      rows.append(("server", shown(server) + (reply.serverInfo.map { " (\(plain($0)))" } ?? "")))
    }
    if let account = reply.account { rows.append(("account", shown(account))) }
    if let secure = reply.secureConnection { rows.append(("TLS", plain(secure))) }
    if reply.isOperator { rows.append(("operator", "yes")) }
    if let away = reply.awayMessage { rows.append(("away", plain(away))) }
    if reply.idleSeconds != nil || reply.signedOn != nil {
      var idle = reply.idleSeconds.map(duration) ?? ""
      if let signedOn = reply.signedOn {
        idle += (idle.isEmpty ? "" : ", ") + "signed on " + TimeFormat.rfc3339(signedOn)
      }
      rows.append(("idle", idle))
    }
    rows += reply.other.map { ("also", plain($0)) }
    return head + "\n" + table(rows)
  }

  /// `/who`: `who #ops (2):` and a row per person: nick, flags (`H` here or `G` gone, `@`
  /// an operator of the channel), user@host, real name; the columns aligned.
  static func who(_ reply: WhoReply) -> String {
    let mask = shown(reply.mask)
    guard !reply.entries.isEmpty else { return "who \(mask): no one\n" }
    let rows = reply.entries.map { entry in
      [
        shown(entry.nick), shown((entry.isAway ? "G" : "H") + entry.flags),
        shown(entry.user + "@" + entry.host), plain(entry.realName),
      ]
    }
    let count = reply.entries.count + reply.omitted
    return "who \(mask) (\(count)):\n" + columns(rows) + more(reply.omitted)
  }

  /// `/channels`: `12 channels:` and a row per channel: name, user count, topic.
  static func channels(_ list: ChannelList) -> String {
    let count = list.channels.count + list.omitted
    let about = list.mask.map { " matching \(shown($0))" } ?? ""
    guard count > 0 else { return "no channels\(about)\n" }
    let width = list.channels.map { String($0.userCount).count }.max() ?? 0
    let rows = list.channels.map { channel in
      let users = String(channel.userCount)
      let shownTopic = plain(channel.topic)
      let topic = shownTopic.allSatisfy(\.isWhitespace) ? "" : "  " + trimmed(shownTopic)
      return (
        shown(channel.name), String(repeating: " ", count: width - users.count) + users + topic
      )
    }
    return "\(count) channel\(count == 1 ? "" : "s")\(about):\n" + table(rows)
      + more(list.omitted)
  }

  /// `1h 2m 3s`, `45s`, `2d 3h 0m 0s`.
  static func duration(_ seconds: Int64) -> String {
    let (days, hours) = (seconds / 86_400, seconds % 86_400 / 3600)
    let (minutes, rest) = (seconds % 3600 / 60, seconds % 60)
    if days > 0 { return "\(days)d \(hours)h \(minutes)m \(rest)s" }
    if hours > 0 { return "\(hours)h \(minutes)m \(rest)s" }
    if minutes > 0 { return "\(minutes)m \(rest)s" }
    return "\(rest)s"
  }

  private static func more(_ omitted: Int) -> String {
    omitted > 0 ? "  ... and \(omitted) more not shown\n" : ""
  }

  /// Rows of two columns, the second aligned, each indented and ending in a newline.
  private static func table(_ rows: [(String, String)]) -> String {
    columns(rows.map { [$0.0, $0.1] })
  }

  /// Rows of columns, each but the last padded to its widest, two blanks between.
  private static func columns(_ rows: [[String]]) -> String {
    let count = rows.map(\.count).max() ?? 0
    let widths = (0..<count).map { column in
      rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    return rows.map { row in
      var line = " "
      for (column, cell) in row.enumerated() {
        line += " " + (column == row.count - 1 ? cell : cell.padded(to: widths[column]) + " ")
      }
      return line + "\n"
    }.joined()
  }

  private static func shown(_ text: String) -> String { Sanitizer.sanitize(text) }

  /// `text` without the blanks at its end (a topic's, shown at the end of a row).
  private static func trimmed(_ text: String) -> String {
    String(text.reversed().drop { $0.isWhitespace }.reversed())
  }

  /// Text that may hold IRC formatting, shown without it.
  private static func plain(_ text: String) -> String {
    Sanitizer.sanitize(IRCFormatting.stripped(text))
  }
}

extension String {
  /// The text with blanks after it up to `width` characters.
  fileprivate func padded(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - count))
  }
}
