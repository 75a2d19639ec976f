import ChatRendering

/// Why a scenario cannot be played. Descriptions name `file:line` where there is one.
public enum ScenarioError: Error, Equatable, CustomStringConvertible {
  /// A line of the scenario is wrong.
  case malformed(file: String, line: Int, problem: Problem)
  /// There is no file at `path`.
  case missingFile(path: String)
  /// The file exists but cannot be read (permissions, a directory, an I/O error).
  case unreadableFile(path: String, reason: String)

  /// What is wrong with one line of a scenario.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A typed line or a second `end` after the `end` on line `endLine`.
    case afterEnd(endLine: Int)
    /// A typed line or an `end` after the `quit` on line `quitLine`.
    case afterQuit(quitLine: Int)
    /// A setting given a second time.
    case duplicateSetting(String, firstLine: Int)
    /// A backslash escape the quoted form does not know.
    case invalidEscape(String)
    /// A time that is not `250ms`, `1.250s` or one of those after `+`.
    case invalidTime(String)
    /// A setting whose value is not one it accepts.
    case invalidValue(setting: String, value: String, expected: String)
    /// A link entry (`< line`, `connected`, …) in a scenario without a `server`.
    case linkWithoutServer
    /// A setting without a value.
    case missingValue(setting: String)
    /// A recording's setting in a scenario without a `server`.
    case needsServer(setting: String)
    /// A setting of the simulated peer in a recording.
    case notInRecording(setting: String)
    /// A setting after the first entry.
    case settingAfterEntries(String)
    /// An `sts-upgraded-from` that an STS policy could not have upgraded to `server`.
    case stsUpgradeMismatch(server: String)
    /// A time earlier than the entry before it.
    case timeGoesBack(String, previousMilliseconds: Int64)
    /// Something after the closing quote.
    case trailingText(String)
    /// Something after a time that is not `| text`, `"text"`, `end` or `quit`.
    case unexpectedAction(String)
    /// A line that is neither a known setting nor an entry.
    case unknownSetting(String)
    /// A quoted string without its closing quote.
    case unterminatedQuote

    public var description: String {
      switch self {
      case .afterEnd(let endLine):
        "nothing can be typed after 'end' (line \(endLine)); only 'quit' may follow it"
      case .afterQuit(let quitLine):
        "nothing can be typed after 'quit' (line \(quitLine)); only 'quit' may follow it"
      case .duplicateSetting(let name, let firstLine):
        "duplicate setting '\(name)' (first set on line \(firstLine))"
      case .invalidEscape(let escape):
        "invalid escape '\(quote(escape))': expected \\\\ \\\" \\0 \\e \\n \\r \\t or \\u{hex}"
      case .invalidTime(let time):
        "invalid time '\(quote(time))': expected milliseconds ('250ms') or seconds ('1.250s'),"
          + " optionally after '+', within 1000 years"
      case .invalidValue(let setting, let value, let expected):
        // `expected` may repeat the value, as a fault spec's own error does.
        "invalid \(setting) '\(quote(value))': expected \(Sanitizer.sanitize(expected))"
      case .linkWithoutServer:
        "a link entry ('<', '>', connecting, connected, closed, failed, gave-up, hung-up,"
          + " oversized, overflowing) needs a 'server' setting: only a recording"
          + " has them"
      case .missingValue(let setting):
        "missing value for setting '\(setting)'"
      case .needsServer(let setting):
        "setting '\(setting)' needs a 'server' setting: only a recording takes it"
      case .notInRecording(let setting):
        "setting '\(setting)' is the simulated peer's: a recording (with a 'server') cannot"
          + " take it"
      case .settingAfterEntries(let name):
        "setting '\(quote(name))' after the first entry: settings go at the top"
      case .stsUpgradeMismatch(let server):
        "sts-upgraded-from needs a 'server' on the same host over TLS (ircs://), not"
          + " '\(quote(server))': an STS policy upgrades a host to TLS"
      case .timeGoesBack(let time, let previous):
        "time '\(quote(time))' is before the previous entry's"
          + " '\(ScenarioWriter.time(milliseconds: previous))': entries must be in time order"
      case .trailingText(let text):
        "unexpected '\(quote(text))' after the closing '\"'"
      case .unexpectedAction(let text):
        "expected '| text', '\"text\"', 'end' or 'quit' after the time, found "
          + (text.isEmpty ? "nothing" : "'\(quote(text))'")
      case .unknownSetting(let name):
        "unknown setting '\(quote(name))': expected seed, name, peer, width, faults or"
          + " burst (a recording: server, channels, sasl, sasl-optional, tls-insecure,"
          + " keep-listening, line-mode, pacing, history, bot, monitor, sts-upgraded-from,"
          + " tls-awaits-upgrade, tls-fingerprint, start,"
          + " utc-offset), or an entry starting with a time"
      case .unterminatedQuote:
        "quoted text without its closing '\"'"
      }
    }
  }

  public var description: String {
    switch self {
    case .malformed(let file, let line, let problem):
      "\(Sanitizer.sanitize(file)):\(line): \(problem)"
    case .missingFile(let path):
      "cannot read scenario '\(Sanitizer.sanitize(path))': no such file"
    case .unreadableFile(let path, let reason):
      "cannot read scenario '\(Sanitizer.sanitize(path))': \(reason)"
    }
  }
}

/// `text` fit for an error message: control characters shown by `Sanitizer`, and long text cut
/// short, because the offending value may be a hostile or a multi-kilobyte line. (Paths are
/// sanitised but never cut: they must stay usable.)
private func quote(_ text: String) -> String {
  let limit = 40
  let sanitized = Sanitizer.sanitize(text)
  guard sanitized.count > limit else { return sanitized }
  return sanitized.prefix(limit) + "…"
}
