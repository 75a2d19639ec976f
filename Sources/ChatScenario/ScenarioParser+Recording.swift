import ChatCore
import ChatIRC
import ChatProfile
import ChatRendering

extension ScenarioParser {
  /// Reads one of `recordingSettings`.
  mutating func readRecordingSetting(_ name: String, _ value: String) throws(Problem) {
    switch name {
    case "server":
      guard let server = Self.server(value) else {
        throw .invalidValue(
          setting: name, value: value, expected: "irc://HOST:PORT or ircs://HOST:PORT")
      }
      recordingServer = server
    case "channels":
      let channels = value.split(separator: ",").map {
        String($0.trimmingPrefix(while: \.isWhitespace))
      }
      guard !channels.isEmpty, channels.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
        throw .invalidValue(setting: name, value: value, expected: "channels such as #a,#b")
      }
      recording.channels = channels
    case "sasl":
      let words = value.split(separator: " ", omittingEmptySubsequences: true)
      if words.count == 2, words[0] == "PLAIN" {
        recording.sasl = ConnectionProfile.SASL(.plain(user: String(words[1])))
      } else if words.count == 2, words[0] == "ECDSA-NIST256P-CHALLENGE" {
        recording.sasl = ConnectionProfile.SASL(.ecdsaNIST256PChallenge(user: String(words[1])))
      } else if words == ["EXTERNAL"] {
        recording.sasl = ConnectionProfile.SASL(.external)
      } else {
        throw .invalidValue(
          setting: name, value: value,
          expected: "PLAIN USER, ECDSA-NIST256P-CHALLENGE USER or EXTERNAL")
      }
    case "sasl-optional", "tls-insecure", "keep-listening", "line-mode", "bot", "typing":
      guard value == "yes" || value == "no" else {
        throw .invalidValue(setting: name, value: value, expected: "yes or no")
      }
      switch name {
      case "sasl-optional": recording.saslOptional = value == "yes"
      case "tls-insecure": recording.tlsInsecure = value == "yes"
      case "line-mode": recording.isLineMode = value == "yes"
      case "bot": recording.isBot = value == "yes"
      case "typing": recording.sendsTyping = value == "yes"
      default: recording.keepListening = value == "yes"
      }
    case "monitor":
      let nicks = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard !nicks.isEmpty, nicks.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
        throw .invalidValue(setting: name, value: value, expected: "nicks such as bob,carol")
      }
      recording.monitor = nicks
    case "pacing":
      guard let pacing = IRCTokenBucket.Settings(parsing: value),
        value.unicodeScalars.allSatisfy({ isDigit($0) || $0 == "/" })
      else {
        throw .invalidValue(
          setting: name, value: value,
          expected: "BURST/MS, a burst of 1-10000 lines and 0-60000 ms (e.g. 5/1000)")
      }
      recording.pacing = pacing
    case "history":
      guard value.unicodeScalars.allSatisfy(isDigit), let count = Int(value),
        (0...ConnectionProfile.maximumHistory).contains(count)
      else {
        throw .invalidValue(
          setting: name, value: value,
          expected: "a whole number from 0 to \(ConnectionProfile.maximumHistory)")
      }
      recording.history = count
    case "sts-upgraded-from":
      guard let original = Self.server(value), !original.usesTLS else {
        throw .invalidValue(setting: name, value: value, expected: "irc://HOST:PORT")
      }
      recording.stsUpgradedFrom = original
    case "tls-awaits-upgrade":
      let options = value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      let cas = options.filter { $0.hasSuffix("tls-ca") }
      let certificates = options.filter { $0.hasSuffix("tls-cert") }
      guard !options.isEmpty, cas.count <= 1, certificates.count <= 1,
        options.allSatisfy(ConnectionProfile.tlsOptions.contains)
      else {
        throw .invalidValue(
          setting: name, value: value,
          expected: "--tls-ca or tls-ca, --tls-cert or tls-cert, space-separated")
      }
      // The names only: a recording never holds a path to key material.
      recording.tlsCA = cas.first.map { ConnectionProfile.TLSFile(option: $0, path: nil) }
      recording.tlsCertificate = certificates.first.map {
        ConnectionProfile.TLSFile(option: $0, path: nil)
      }
    case "tls-fingerprint":
      do {
        recording.tlsFingerprint = try TLSFingerprint(parsing: value)
      } catch {
        throw .invalidValue(
          setting: name, value: value, expected: "a SHA-256 fingerprint, 64 hexadecimal digits")
      }
    case "start":
      guard let start = Self.instant(value) else {
        throw .invalidValue(
          setting: name, value: value, expected: "a UTC time such as 2026-12-01T14:00:00.000Z")
      }
      scenario.start = start
    default:  // utc-offset
      let digits = value.hasPrefix("-") || value.hasPrefix("+") ? value.dropFirst() : value[...]
      guard let seconds = Int64(value.hasPrefix("+") ? String(digits) : value),
        !digits.isEmpty, digits.unicodeScalars.allSatisfy(isDigit), abs(seconds) <= 86_400
      else {
        throw .invalidValue(
          setting: name, value: value, expected: "seconds east of UTC, -86400 to 86400")
      }
      scenario.utcOffsetSeconds = seconds
    }
  }

  /// `end`, `quit`, and a recording's `connecting`, `closed REASON`, `signal N`, ….
  func keyword(_ word: String, _ argument: Scalars) throws(Problem) -> Scenario.Event {
    let text = String(Substring(argument))
    func none(_ event: Scenario.Event) throws(Problem) -> Scenario.Event {
      guard argument.isEmpty else { throw .unexpectedAction(word + " " + text) }
      return event
    }
    switch word {
    case "end": return try none(.end)
    case "quit": return try none(.quit)
    case "connecting": return try none(.link(.dialing))
    case "connected": return try none(.link(.connected))
    case "hung-up": return try none(.link(.hungUp))
    case "reached":
      guard let count = Int(text), count >= 0, text.unicodeScalars.allSatisfy(isDigit) else {
        throw .invalidValue(setting: "reached", value: text, expected: "a count of actions")
      }
      return .reached(count: count)
    case "closed": return .link(.closed(reason: try Self.reason(argument)))
    case "failed": return .link(.failed(reason: try Self.reason(argument), retrying: true))
    case "gave-up": return .link(.failed(reason: try Self.reason(argument), retrying: false))
    case "oversized", "overflowing":
      guard let count = Int(text), count > 0, text.unicodeScalars.allSatisfy(isDigit) else {
        throw .invalidValue(setting: word, value: text, expected: "a byte count")
      }
      return word == "oversized"
        ? .link(.oversized(byteCount: count))
        : .link(.overflowing(maximumLineBytes: count))
    case "signal":
      guard let number = Int32(text), (1...64).contains(number),
        text.unicodeScalars.allSatisfy(isDigit)
      else {
        throw .invalidValue(setting: "signal", value: text, expected: "a signal number, 1 to 64")
      }
      return .signal(number)
    case "key":
      guard let key = ScreenKey(name: text) else {
        throw .invalidValue(
          setting: "key", value: text,
          expected: "a key of the full screen (PgUp, PgDn, Alt-1 … Alt-0, Ctrl-N, Ctrl-P,"
            + " Alt-A, Alt-Shift-B, Alt-Shift-N)")
      }
      return .pressed(key)
    default:
      throw .unexpectedAction(text.isEmpty ? word : word + " " + text)
    }
  }

  /// A line after `<` or `>`: verbatim after one space, or quoted right after the sign.
  static func lineText(_ rest: Scalars) throws(Problem) -> String {
    if rest.first == "\"" {
      let (text, after) = try quoted(rest)
      guard after.allSatisfy(isBlank) else { throw .trailingText(String(Substring(after))) }
      return text
    }
    return String(Substring(rest.first == " " ? rest.dropFirst() : rest))
  }

  /// A reason after `closed`, `failed` or `gave-up`: the rest of the line, or quoted.
  static func reason(_ argument: Scalars) throws(Problem) -> String {
    guard argument.first == "\"" else { return String(Substring(argument)) }
    let (text, after) = try quoted(argument)
    guard after.isEmpty else { throw .trailingText(String(Substring(after))) }
    return text
  }

  /// Puts a recording's settings together, refusing what cannot go with them.
  mutating func finishRecording() throws(LocatedProblem) {
    guard let server = recordingServer else {
      for name in Self.recordingSettings where name != "start" && name != "utc-offset" {
        if let line = settingLines[name] {
          throw LocatedProblem(line: line, problem: .needsServer(setting: name))
        }
      }
      return
    }
    for name in Self.simulatedSettings {
      if let line = settingLines[name] {
        throw LocatedProblem(line: line, problem: .notInRecording(setting: name))
      }
    }
    var profile = recording
    profile.server = server
    // The header's `name` and `seed` are the profile's nick and seed.
    profile.nick = scenario.name ?? AppState().localName
    profile.seed = scenario.seed ?? Scenario.defaultSeed
    if let original = profile.stsUpgradedFrom, let line = settingLines["sts-upgraded-from"] {
      // An STS policy upgrades the same host to TLS.
      guard server.usesTLS, original.host == server.host else {
        throw LocatedProblem(
          line: line, problem: .stsUpgradeMismatch(server: server.description))
      }
    }
    if !server.usesTLS, let line = settingLines["tls-fingerprint"] {
      // A pin names a TLS server's certificate.
      throw LocatedProblem(
        line: line,
        problem: .invalidValue(
          setting: "tls-fingerprint", value: profile.tlsFingerprint?.hex ?? "",
          expected: "an ircs:// server to go with it"))
    }
    if server.usesTLS, let line = settingLines["tls-awaits-upgrade"] {
      // Only a plaintext server waits for an upgrade; an upgraded one no longer does.
      let options = [profile.tlsCA, profile.tlsCertificate].compactMap { $0?.option }
      throw LocatedProblem(
        line: line,
        problem: .invalidValue(
          setting: "tls-awaits-upgrade", value: options.joined(separator: " "),
          expected: "an irc:// server (a plaintext connection) to go with it"))
    }
    scenario.network = profile
  }

  /// `irc://HOST:PORT` or `ircs://HOST:PORT` (HOST may be `[IPv6]`), read by the one URL
  /// parser (`ServerAddress`), with the port spelled out and no channels, as chat writes it.
  static func server(_ text: String) -> ServerAddress? {
    guard let address = try? ServerAddress(parsing: text), address.channels.isEmpty,
      text.hasSuffix(":\(address.port)")
    else { return nil }
    return address
  }

  /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, the form the writer uses.
  static func instant(_ text: String) -> Timestamp? {
    let bytes = Array(text.utf8)
    guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
    else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        guard (0x30...0x39).contains(bytes[index]) else { return nil }
        value = value * 10 + Int64(bytes[index] - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      let milliseconds = number(20..<23), year >= 1970, (1...12).contains(month),
      (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    // Days from 1970-01-01 in the proleptic Gregorian calendar (March-based years).
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let days =
      era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
      - 719_468
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    return Timestamp(millisecondsSinceEpoch: seconds * 1000 + milliseconds)
  }
}

/// A problem found after the whole file was read, with the line it belongs to.
struct LocatedProblem: Error {
  var line: Int
  var problem: ScenarioError.Problem
}
