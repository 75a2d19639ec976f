import ChatRendering
import ChatScenario

/// What the scenario parser must keep for any bytes at all.
///
/// Shared by `ScenarioParserFuzzTests` and the libFuzzer target in `Tests/Fuzz/` (which
/// compiles this file into its own executable), so `swift test` and the fuzzer check exactly
/// the same thing. It reports a violation rather than expecting one, because the fuzzer has no
/// `Testing` to expect with.
enum ScenarioParserProperties {
  /// The file name the checks give the parser; errors must start with it.
  static let file = "fuzz.chat"

  /// Why `bytes` breaks a property, or nil when all hold:
  /// - parsing never traps (checked by running at all);
  /// - an error starts with `fuzz.chat:LINE: `, LINE being a line of the input, and holds no
  ///   character `Sanitizer` would replace, because chat prints it on a terminal;
  /// - a scenario written back with `ScenarioWriter` reads back equal, and writing that again
  ///   gives the same text.
  static func violation(_ bytes: [UInt8]) -> String? {
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.parse(bytes, file: file)
    } catch {
      return errorViolation(error, lineCount: bytes.count { $0 == UInt8(ascii: "\n") } + 1)
    }
    let written = ScenarioWriter.text(of: scenario)
    let reread: Scenario
    do {
      reread = try ScenarioParser.parse(Array(written.utf8), file: file)
    } catch {
      return "the written scenario does not read back: \(error)\n\(written)"
    }
    guard normalized(reread) == normalized(scenario) else {
      return "the written scenario reads back different:\n\(scenario)\n\(reread)\n\(written)"
    }
    let rewritten = ScenarioWriter.text(of: reread)
    guard rewritten == written else {
      return "writing the scenario again changes it:\n\(written)\n\(rewritten)"
    }
    return nil
  }

  private static func errorViolation(_ error: ScenarioError, lineCount: Int) -> String? {
    let message = error.description
    let prefix = "\(file):"
    guard message.hasPrefix(prefix) else { return "no '\(prefix)' before: \(message)" }
    let rest = message.dropFirst(prefix.count)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard let line = Int(digits), (1...lineCount).contains(line),
      rest.dropFirst(digits.count).hasPrefix(": ")
    else { return "no line number from 1 to \(lineCount) after '\(prefix)': \(message)" }
    if let unsafe = message.unicodeScalars.first(where: Sanitizer.isUnsafe) {
      return "raw U+\(String(unsafe.value, radix: 16, uppercase: true)) in the error: \(message)"
    }
    return nil
  }

  /// `scenario` with settings that say the default spelled as the default: the writer leaves
  /// out `faults` that are all zero and `burst 1`, which mean the same as no setting at all.
  private static func normalized(_ scenario: Scenario) -> Scenario {
    var scenario = scenario
    if scenario.faults?.isEmpty == true { scenario.faults = nil }
    if scenario.burst == 1 { scenario.burst = nil }
    return scenario
  }
}
