import ChatCore
import ChatProfile
import ChatSession

/// Reads the scenario format described on `Scenario`. Pure: bytes in, a value or an error out.
public struct ScenarioParser {
  typealias Scalars = Substring.UnicodeScalarView
  typealias Problem = ScenarioError.Problem

  var scenario = Scenario()
  var settingLines: [String: Int] = [:]
  private var lastMilliseconds: Int64 = 0
  /// The last `end` or `quit` so far and its line: after either, only `quit` may follow.
  private var closing: (event: Scenario.Event, line: Int)?
  var lineNumber = 0
  /// A recording's settings, put together once the file is read (settings come in any order).
  var recording = ConnectionProfile(
    server: ServerAddress(host: "", port: 0, usesTLS: false), nick: "")
  /// A recording's `server`: with it, `recording` becomes the scenario's network.
  var recordingServer: ServerAddress?

  /// The settings only a recording (a scenario with a `server`) takes.
  static let recordingSettings = [
    "server", "channels", "sasl", "sasl-optional", "tls-insecure", "keep-listening", "start",
    "utc-offset", "pacing", "history", "bot", "typing", "monitor", "sts-upgraded-from",
    "line-mode",
    "tls-awaits-upgrade",
    "tls-fingerprint",
  ]
  /// The settings of the simulated peer, which a recording cannot take.
  static let simulatedSettings = ["peer", "faults", "burst"]

  /// Times beyond this (1,000 years) are refused: arithmetic on them cannot overflow, and
  /// every instant of a run stays within the four-digit years RFC 3339 allows.
  static let maximumMilliseconds: Int64 = 1000 * 31_556_952_000

  /// Parses the scenario in `bytes`; `file` names it in error messages.
  public static func parse(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Scenario {
    var parser = ScenarioParser()
    for (index, line) in lines(of: bytes).enumerated() {
      parser.lineNumber = index + 1
      do {
        try parser.read(Substring(line).unicodeScalars)
      } catch {
        throw .malformed(file: file, line: index + 1, problem: error)
      }
    }
    do {
      try parser.finishRecording()
    } catch {
      throw .malformed(file: file, line: error.line, problem: error.problem)
    }
    return parser.scenario
  }

  /// Splits `bytes` at `\n`, dropping one `\r` before it and a leading byte-order mark, and
  /// decodes each line on its own (invalid UTF-8 becomes U+FFFD). A last line without a newline
  /// counts; the empty rest after a final newline does not.
  static func lines(of bytes: [UInt8]) -> [String] {
    var lines: [String] = []
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      var end = newline
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
      start = newline + 1
    }
    return lines
  }

  private mutating func read(_ line: Scalars) throws(Problem) {
    let content = line.drop(while: isBlank)
    guard let first = content.first, first != "#" else { return }
    // A sign or a leading point still starts a time, a wrong one: `-5ms`, `.5s`.
    if first == "+" || first == "-" || first == "." || isDigit(first) {
      try readEntry(content)
    } else {
      try readSetting(content)
    }
  }

  // MARK: Entries

  private mutating func readEntry(_ content: Scalars) throws(Problem) {
    // The time ends at a blank, or right at the `|` or `"` that starts the text.
    let token = content.prefix { !isBlank($0) && $0 != "|" && $0 != "\"" }
    let timeText = String(Substring(token))
    guard let (relative, offset) = Self.time(timeText) else { throw .invalidTime(timeText) }
    let milliseconds = relative ? lastMilliseconds + offset : offset
    guard milliseconds <= Self.maximumMilliseconds else { throw .invalidTime(timeText) }
    guard milliseconds >= lastMilliseconds else {
      throw .timeGoesBack(timeText, previousMilliseconds: lastMilliseconds)
    }
    let event = try action(content[token.endIndex...].drop(while: isBlank))
    if case .link = event, recordingServer == nil { throw .linkWithoutServer }
    // Input is over after `end`, and leaving has begun after `quit`: what could still follow
    // is the user insisting (and, in a recording, what the link still carried), never more
    // typing.
    // A signal may still stop a run whose input is over (`--keep-listening`).
    if let closing, event.isTyped, event != .quit, !event.isSignal {
      throw closing.event == .end
        ? .afterEnd(endLine: closing.line) : .afterQuit(quitLine: closing.line)
    }
    if event == .end || event == .quit { closing = (event, lineNumber) }
    lastMilliseconds = milliseconds
    scenario.entries.append(Scenario.Entry(milliseconds: milliseconds, event: event))
  }

  private func action(_ rest: Scalars) throws(Problem) -> Scenario.Event {
    switch rest.first {
    case "|":
      var text = rest.dropFirst()
      if text.first == " " { text = text.dropFirst() }
      return .typed(String(Substring(text)))
    case "\"":
      let (text, after) = try Self.quoted(rest)
      guard after.allSatisfy(isBlank) else { throw .trailingText(String(Substring(after))) }
      return .typed(text)
    case "<", ">":
      let text = try Self.lineText(rest.dropFirst())
      return .link(rest.first == "<" ? .received(text) : .wrote(text))
    default:
      let word = String(Substring(rest.prefix { !isBlank($0) }))
      let argument = trimmingTrailingBlanks(rest.dropFirst(word.unicodeScalars.count))
      return try keyword(word, argument.drop(while: isBlank))
    }
  }

  /// Reads `250ms`, `1.250s`, `2s`, each optionally after `+`, as (relative, milliseconds).
  static func time(_ text: String) -> (relative: Bool, milliseconds: Int64)? {
    var body = Substring(text)
    let relative = body.hasPrefix("+")
    if relative { body = body.dropFirst() }
    if body.hasSuffix("ms") {
      guard let value = wholeNumber(body.dropLast(2)) else { return nil }
      return (relative, value)
    }
    guard body.hasSuffix("s") else { return nil }
    let parts = body.dropLast().split(
      separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let seconds = wholeNumber(parts[0]) else { return nil }
    var fraction: Int64 = 0
    if parts.count == 2 {
      guard parts[1].count <= 3, let digits = wholeNumber(parts[1]) else { return nil }
      fraction = digits * [100, 10, 1][parts[1].count - 1]
    }
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow, product <= maximumMilliseconds else { return nil }
    return (relative, product + fraction)
  }

  private static func wholeNumber(_ digits: Substring) -> Int64? {
    guard !digits.isEmpty, digits.unicodeScalars.allSatisfy(isDigit) else { return nil }
    guard let value = Int64(digits), value <= maximumMilliseconds else { return nil }
    return value
  }

  // MARK: Settings

  private mutating func readSetting(_ content: Scalars) throws(Problem) {
    let nameScalars = content.prefix { !isBlank($0) }
    let name = String(Substring(nameScalars))
    guard
      ["seed", "name", "peer", "width", "height", "faults", "burst"].contains(name)
        || Self.recordingSettings.contains(name)
    else {
      throw .unknownSetting(name)
    }
    guard scenario.entries.isEmpty else { throw .settingAfterEntries(name) }
    if let firstLine = settingLines[name] { throw .duplicateSetting(name, firstLine: firstLine) }
    settingLines[name] = lineNumber
    let raw = trimmingTrailingBlanks(content[nameScalars.endIndex...].drop(while: isBlank))
    guard !raw.isEmpty else { throw .missingValue(setting: name) }
    var value = String(Substring(raw))
    if raw.first == "\"" {
      let after: Scalars
      (value, after) = try Self.quoted(raw)
      guard after.isEmpty else { throw .trailingText(String(Substring(after))) }
    }
    if Self.recordingSettings.contains(name) { return try readRecordingSetting(name, value) }
    switch name {
    case "seed":
      guard let seed = UInt64(value), value.unicodeScalars.allSatisfy(isDigit) else {
        throw .invalidValue(setting: name, value: value, expected: "a whole number")
      }
      scenario.seed = seed
    case "width" where value == "none":
      scenario.isUnwrapped = true
    case "width":
      guard let width = Int(value), Scenario.widths.contains(width),
        value.unicodeScalars.allSatisfy(isDigit)
      else {
        throw .invalidValue(
          setting: name, value: value,
          expected: "a whole number from \(Scenario.widths.lowerBound) to"
            + " \(Scenario.widths.upperBound), or none")
      }
      scenario.width = width
    case "height":
      guard let height = Int(value), Scenario.heights.contains(height),
        value.unicodeScalars.allSatisfy(isDigit)
      else {
        throw .invalidValue(
          setting: name, value: value,
          expected: "a whole number from \(Scenario.heights.lowerBound) to"
            + " \(Scenario.heights.upperBound)")
      }
      scenario.height = height
    case "faults":
      do {
        scenario.faults = try Faults(parsing: value)
      } catch {
        throw .invalidValue(setting: name, value: value, expected: "a fault spec: \(error)")
      }
    case "burst":
      guard let burst = Int(value), (1...1_000_000).contains(burst),
        value.unicodeScalars.allSatisfy(isDigit)
      else {
        throw .invalidValue(
          setting: name, value: value, expected: "a whole number from 1 to 1000000")
      }
      scenario.burst = burst
    default:
      guard value.contains(where: { !$0.isWhitespace }) else {
        throw .invalidValue(setting: name, value: value, expected: "a name that is not blank")
      }
      if name == "name" { scenario.name = value } else { scenario.peer = value }
    }
  }

  // MARK: Quoted text

  /// Reads a quoted string at the start of `scalars`; returns its text and what follows it.
  static func quoted(
    _ scalars: Substring.UnicodeScalarView
  ) throws(ScenarioError.Problem) -> (String, Substring.UnicodeScalarView) {
    var text = String.UnicodeScalarView()
    var index = scalars.index(after: scalars.startIndex)
    while index < scalars.endIndex {
      let scalar = scalars[index]
      index = scalars.index(after: index)
      if scalar == "\"" { return (String(text), scalars[index...]) }
      guard scalar == "\\" else {
        text.append(scalar)
        continue
      }
      guard index < scalars.endIndex else { throw .unterminatedQuote }
      let escape = scalars[index]
      index = scalars.index(after: index)
      switch escape {
      case "\\", "\"": text.append(escape)
      case "0": text.append("\u{0}")
      case "e": text.append("\u{1B}")
      case "n": text.append("\n")
      case "r": text.append("\r")
      case "t": text.append("\t")
      case "u":
        let (scalar, next) = try unicodeEscape(scalars, from: index)
        text.append(scalar)
        index = next
      default: throw .invalidEscape("\\" + String(Character(escape)))
      }
    }
    throw .unterminatedQuote
  }

  /// Reads `{hex}` (1 to 6 digits naming a Unicode scalar) after `\u`.
  private static func unicodeEscape(
    _ scalars: Scalars, from start: Scalars.Index
  ) throws(Problem) -> (Unicode.Scalar, Scalars.Index) {
    let rest = scalars[start...]
    let close = rest.firstIndex(of: "}")
    let shown = "\\u" + String(Substring(rest[..<(close.map(rest.index(after:)) ?? rest.endIndex)]))
    guard rest.first == "{", let close else { throw .invalidEscape(shown) }
    let hex = String(Substring(rest[rest.index(after: rest.startIndex)..<close]))
    guard (1...6).contains(hex.count), hex.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
      let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value)
    else { throw .invalidEscape(shown) }
    return (scalar, rest.index(after: close))
  }

  private func trimmingTrailingBlanks(_ scalars: Scalars) -> Scalars {
    var end = scalars.endIndex
    while end > scalars.startIndex, isBlank(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    return scalars[..<end]
  }
}

func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
