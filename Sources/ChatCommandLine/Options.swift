import ChatCore
import ChatSession

/// What the command line asked for.
struct Options: Equatable, Sendable {
  /// The renderers that can write to standard output.
  enum RendererKind: String, Equatable, Sendable, CaseIterable {
    /// The interactive line mode (its plain text when output is not a terminal).
    case line
    /// The plain-text log.
    case log
    /// JSON lines.
    case jsonl
    /// The full screen on a terminal (the last screen as text with `--scenario`).
    case screen
  }

  /// What standard input holds (`--input`).
  enum InputKind: String, Equatable, Sendable {
    /// Lines typed as at the prompt: messages, and commands after `/`.
    case text
    /// One JSON request per line, for programs that drive chat.
    case jsonl
  }

  /// `--renderer`; nil picks `line` on a terminal and `log` otherwise.
  var renderer: RendererKind?
  /// `--input`.
  var input = InputKind.text
  /// `--virtual-time`.
  var virtualTime = false
  /// `--seed`.
  var seed: UInt64?
  /// `--name`.
  var name = "PersonA"
  /// `--peer`.
  var peer = "Person B"
  /// `--log FILE`: also write the plain-text log there.
  var logFile: String?
  /// `--jsonl FILE`: also write JSON lines there.
  var jsonlFile: String?
  /// `--faults SPEC`: simulated network faults.
  var faults = Faults()
  /// `--burst N`: how many messages the peer answers each message with.
  var burst = 1
  /// `--scrollback`: how many recent messages the state keeps.
  var scrollback = Scrollback.defaultLimit
  /// `--scenario FILE`: play that scenario instead of reading standard input.
  var scenario: String?
  /// `--record FILE`: also write what the user types there, as a scenario.
  var record: String?
  /// `--no-color`.
  var noColor = false
  /// `--help`.
  var help = false
  /// `--version`.
  var version = false
  /// `--log-dir DIR`: also write each conversation's log there.
  var logDirectory: String?
  /// `--server`, `--network` and the options of a real connection, as given.
  var network = NetworkArguments()

  /// The seed virtual-time runs use when none is given, so their output is reproducible.
  static let defaultVirtualSeed: UInt64 = 1

  /// Creates the defaults.
  init() {}

  /// Reads `arguments` (without the program name).
  init(parsing arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    var given: Set<String> = []
    while let argument = rest.popFirst() {
      var (option, inlineValue) = (argument, String?.none)
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        option = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      // A second value would silently win over the first: refuse it, as scenario files do.
      guard given.insert(option).inserted || !Self.takesValue(option) else {
        throw .repeated(option: option)
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = rest.popFirst() else { throw .missingValue(option: option) }
        return next
      }
      switch option {
      case "--renderer":
        let text = try value()
        guard let kind = RendererKind(rawValue: text) else {
          throw .invalidValue(option: option, value: text, expected: "line, log, jsonl or screen")
        }
        renderer = kind
      case "--input":
        let text = try value()
        guard let kind = InputKind(rawValue: text) else {
          throw .invalidValue(option: option, value: text, expected: "text or jsonl")
        }
        input = kind
      case "--virtual-time": virtualTime = true
      case "--seed":
        let text = try value()
        guard let number = UInt64(text) else {
          throw .invalidValue(option: option, value: text, expected: "a whole number")
        }
        seed = number
      case "--name":
        name = try nonBlank(value(), option)
        network.nick = name
      case "--peer": peer = try nonBlank(value(), option)
      case "--log": logFile = try nonEmpty(value(), option)
      case "--jsonl": jsonlFile = try nonEmpty(value(), option)
      case "--scrollback": scrollback = try Self.count(value(), option)
      case "--faults":
        let text = try value()
        do {
          faults = try Faults(parsing: text)
        } catch {
          throw .invalid(option: option, reason: error.description)
        }
      case "--burst": burst = try Self.count(value(), option)
      case "--scenario": scenario = try nonEmpty(value(), option)
      case "--record": record = try nonEmpty(value(), option)
      case "--no-color": noColor = true
      case "--help", "-h": help = true
      case "--version": version = true
      default:
        guard try parseNetworkOption(option, value: value) else {
          throw argument.hasPrefix("-") ? .unknownOption(option) : .unexpectedArgument(argument)
        }
      }
      if inlineValue != nil, !Self.takesValue(option) { throw .unexpectedValue(option: option) }
    }
    try checkScenarioOptions(given)
    try checkInputOptions(given)
    try checkNetworkOptions(given)
  }

  /// A scenario carries its own settings, so `chat --scenario F` always prints what F's
  /// snapshots hold: options that would change them are refused rather than silently winning.
  private func checkScenarioOptions(_ given: Set<String>) throws(UsageError) {
    guard scenario != nil else { return }
    for option in ["--seed", "--name", "--peer", "--faults", "--burst"] where given.contains(option)
    {
      throw .incompatible(
        option: option, with: "--scenario",
        advice: "set '\(option.dropFirst(2))' in the scenario file instead")
    }
    if given.contains("--record") {
      throw .incompatible(
        option: "--record", with: "--scenario", advice: "a scenario already is a recording")
    }
    if given.contains("--input") {
      throw .incompatible(
        option: "--input", with: "--scenario", advice: "a scenario is the input itself")
    }
  }

  /// A scenario holds typed lines: requests read from JSON lines have no entry there.
  private func checkInputOptions(_ given: Set<String>) throws(UsageError) {
    guard input == .jsonl, given.contains("--record") else { return }
    throw .incompatible(
      option: "--record", with: "--input jsonl", advice: "record typed input (--input text)")
  }

  private static func takesValue(_ option: String) -> Bool {
    [
      "--renderer", "--input", "--seed", "--name", "--peer", "--log", "--jsonl", "--scenario",
      "--record",
      "--scrollback", "--faults", "--burst",
    ].contains(option) || networkOptionsTakingValue.contains(option)
  }

  /// A whole number from 1 to a million: the range `--scrollback` and `--burst` accept.
  private static func count(_ text: String, _ option: String) throws(UsageError) -> Int {
    guard let number = Int(text), (1...1_000_000).contains(number) else {
      throw .invalidValue(option: option, value: text, expected: "a whole number from 1 to 1000000")
    }
    return number
  }

  private func nonEmpty(_ text: String, _ option: String) throws(UsageError) -> String {
    guard !text.isEmpty else {
      throw .invalidValue(option: option, value: text, expected: "a non-empty value")
    }
    return text
  }

  /// A name must show: one of nothing but blanks would look like no name at all.
  private func nonBlank(_ text: String, _ option: String) throws(UsageError) -> String {
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw .invalidValue(option: option, value: text, expected: "a name that is not blank")
    }
    return text
  }
}
