import ChatCore
import ChatIRC
import ChatProfile
import ChatRendering
import ChatSession

/// Writes the scenario format described on `Scenario`, in a form that reads back as written.
///
/// Times are absolute seconds with three decimals (`1.250s`). Text is written verbatim after
/// `| ` unless it would not survive that way or could not be seen: control characters and
/// everything else `Sanitizer` replaces, and leading or trailing blanks, switch to the quoted
/// form. Settings a scenario does not have are left out.
public enum ScenarioWriter {
  /// The whole scenario as text.
  public static func text(of scenario: Scenario, comment: String? = nil) -> String {
    var text = header(of: scenario, comment: comment)
    for entry in scenario.entries { text += line(for: entry) }
    return text
  }

  /// The comment (if any), the settings and a blank line: everything before the entries.
  public static func header(of scenario: Scenario, comment: String? = nil) -> String {
    var text = ""
    if let comment {
      for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
        text += line.isEmpty ? "#\n" : "# \(line)\n"
      }
    }
    if let seed = scenario.seed { text += "seed \(seed)\n" }
    if let name = scenario.name { text += "name \(settingValue(name))\n" }
    if let peer = scenario.peer { text += "peer \(settingValue(peer))\n" }
    if scenario.isUnwrapped {
      text += "width none\n"
    } else if let width = scenario.width {
      text += "width \(width)\n"
    }
    if let height = scenario.height { text += "height \(height)\n" }
    if let faults = scenario.faults, !faults.isEmpty { text += "faults \(faults)\n" }
    if let burst = scenario.burst, burst != 1 { text += "burst \(burst)\n" }
    if let network = scenario.network { text += header(of: network) }
    if let start = scenario.start { text += "start \(TimeFormat.rfc3339(start))\n" }
    if let offset = scenario.utcOffsetSeconds { text += "utc-offset \(offset)\n" }
    return text.isEmpty ? text : text + "\n"
  }

  /// A recording's server, channels and login: never a secret, never a file.
  private static func header(of profile: ConnectionProfile) -> String {
    let server = profile.server
    var text =
      "server \(ServerAddress(host: server.host, port: server.port, usesTLS: server.usesTLS))\n"
    if !profile.channels.isEmpty {
      text += "channels \(settingValue(profile.channels.joined(separator: ",")))\n"
    }
    switch profile.sasl?.mechanism {
    case nil: break
    case .plain(let user)?: text += "sasl \(settingValue("PLAIN " + user))\n"
    case .external?: text += "sasl EXTERNAL\n"
    case .ecdsaNIST256PChallenge(let user)?:
      text += "sasl \(settingValue("ECDSA-NIST256P-CHALLENGE " + user))\n"
    }
    if profile.saslOptional { text += "sasl-optional yes\n" }
    if profile.tlsInsecure { text += "tls-insecure yes\n" }
    if let pin = profile.tlsFingerprint { text += "tls-fingerprint \(pin.hex)\n" }
    if profile.keepListening { text += "keep-listening yes\n" }
    if profile.isBot { text += "bot yes\n" }
    if !profile.sendsTyping { text += "typing no\n" }
    if !profile.monitor.isEmpty {
      text += "monitor \(settingValue(profile.monitor.joined(separator: ",")))\n"
    }
    if profile.isLineMode { text += "line-mode yes\n" }
    if profile.pacing != .default { text += "pacing \(profile.pacing.text)\n" }
    if profile.history != ConnectionProfile.defaultHistory {
      text += "history \(profile.history)\n"
    }
    if let original = profile.stsUpgradedFrom {
      text +=
        "sts-upgraded-from \(ServerAddress(host: original.host, port: original.port, usesTLS: false))\n"
    }
    let awaiting = profile.tlsOptionsAwaitingUpgrade
    if !awaiting.isEmpty { text += "tls-awaits-upgrade \(awaiting.joined(separator: " "))\n" }
    return text
  }

  /// One entry as a line, newline included.
  public static func line(for entry: Scenario.Entry) -> String {
    let time = time(milliseconds: entry.milliseconds)
    switch entry.event {
    case .end: return "\(time) end\n"
    case .quit: return "\(time) quit\n"
    case .typed(let text) where text.isEmpty: return "\(time) |\n"
    case .typed(let text) where needsQuotes(text): return "\(time) \(quoted(text))\n"
    case .typed(let text): return "\(time) | \(text)\n"
    case .pressed(let key): return "\(time) key \(key.name)\n"
    case .signal(let number): return "\(time) signal \(number)\n"
    case .link(let event): return "\(time) \(link(event))\n"
    case .reached(let count): return "\(time) reached \(count)\n"
    }
  }

  /// A link event as it follows the time.
  private static func link(_ event: LinkEvent) -> String {
    switch event {
    case .dialing: "connecting"
    case .connected: "connected"
    case .hungUp: "hung-up"
    case .received(let line): "<" + lineText(line)
    case .oversized(let count): "oversized \(count)"
    case .overflowing(let maximum): "overflowing \(maximum)"
    case .wrote(let line): ">" + lineText(line)
    case .closed(let reason): "closed " + reasonText(reason)
    case .failed(let reason, let retrying): (retrying ? "failed " : "gave-up ") + reasonText(reason)
    }
  }

  /// A line after `<` or `>`: verbatim after a space, or quoted when it would not survive.
  private static func lineText(_ line: String) -> String {
    let text = reasonText(line)
    return text.hasPrefix("\"") ? text : " " + text
  }

  /// A reason or a line: verbatim, or quoted when it would not survive.
  private static func reasonText(_ reason: String) -> String {
    needsQuotes(reason) || reason.hasPrefix("\"") || reason.isEmpty ? quoted(reason) : reason
  }

  /// Milliseconds as seconds with three decimals: `0.000s`, `1.250s`.
  public static func time(milliseconds: Int64) -> String {
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }

  /// `text` in double quotes, with escapes for backslashes, quotes and unsafe characters.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\u{0}": result += "\\0"
      case "\u{1B}": result += "\\e"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where Sanitizer.isUnsafe(scalar):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private static func settingValue(_ value: String) -> String {
    needsQuotes(value) || value.hasPrefix("\"") ? quoted(value) : value
  }

  private static func needsQuotes(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    return scalars.contains(where: Sanitizer.isUnsafe) || scalars.first.map(isBlank) == true
      || scalars.last.map(isBlank) == true
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
}
