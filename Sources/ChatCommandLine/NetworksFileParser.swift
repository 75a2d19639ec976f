import ChatProfile

/// Reads the networks file's text, line by line; see ``NetworksFile`` for the format.
struct NetworksFileParser {
  let path: String
  /// `$HOME`, for values starting `~/`.
  let home: String?

  /// Keys that would hold a password: refused with advice, their value never repeated.
  private static let passwordKeys: Set<String> = [
    "sasl-password", "password", "sasl-pass", "pass", "passwd", "secret",
  ]

  private var networks: [NetworksFile.Network] = []
  /// The section being read: its name, header line and keys with their values and lines.
  private var section: (name: String, line: Int, values: [NetworksFile.Key: (String, Int)])?

  init(path: String, home: String?) {
    (self.path, self.home) = (path, home)
  }

  consuming func parse(_ bytes: [UInt8]) throws(NetworksFileError) -> NetworksFile {
    var number = 0
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      var lineBytes = rawLine[...]
      if lineBytes.last == UInt8(ascii: "\r") { lineBytes = lineBytes.dropLast() }
      guard let line = String(validating: lineBytes, as: UTF8.self) else {
        throw fail(number, .notUTF8)
      }
      try read(line, number)
    }
    try finishSection()
    return NetworksFile(path: path, networks: networks)
  }

  private mutating func read(_ line: String, _ number: Int) throws(NetworksFileError) {
    let text = trimmed(line[...])
    if text.isEmpty || text.hasPrefix("#") { return }
    if text.hasPrefix("[") {
      guard text.hasSuffix("]"), text.count >= 2 else { throw fail(number, .invalidHeader) }
      let name = String(trimmed(text.dropFirst().dropLast()))
      guard !name.isEmpty,
        name.unicodeScalars.allSatisfy({ scalar in
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
        })
      else { throw fail(number, .invalidName(name)) }
      try finishSection()
      if let earlier = networks.first(where: { $0.name == name }) {
        throw fail(number, .duplicateNetwork(name, firstLine: earlier.line))
      }
      section = (name, number, [:])
      return
    }
    guard let equals = text.firstIndex(of: "=") else { throw fail(number, .missingEquals) }
    let keyText = String(trimmed(text[..<equals]))
    if Self.passwordKeys.contains(keyText.lowercased()) {
      throw fail(number, .password(key: keyText))
    }
    guard let key = NetworksFile.Key(rawValue: keyText) else {
      throw fail(number, .unknownKey(keyText))
    }
    guard section != nil else { throw fail(number, .settingOutsideSection) }
    if let (_, firstLine) = section?.values[key] {
      throw fail(number, .duplicateKey(keyText, firstLine: firstLine))
    }
    let value = try unquoted(trimmed(text[text.index(after: equals)...]), number)
    guard !value.isEmpty else { throw fail(number, .missingValue(key: keyText)) }
    if let bad = value.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw fail(
        number,
        .invalidValue(key: keyText, reason: "contains \(IRCNameError.spell(bad)), a control"))
    }
    section?.values[key] = (value, number)
  }

  /// Turns the section read so far into a network, checking what it needs as a whole.
  private mutating func finishSection() throws(NetworksFileError) {
    guard let (name, line, values) = section else { return }
    section = nil
    guard let (serverText, serverLine) = values[.server] else {
      throw fail(line, .missingServer(network: name))
    }
    let server: ServerAddress
    do {
      server = try ServerAddress(parsing: serverText)
    } catch {
      throw fail(serverLine, .invalidValue(key: "server", reason: error.description))
    }
    var network = NetworksFile.Network(name: name, line: line, server: server)
    for (key, (value, number)) in values.sorted(by: { $0.value.1 < $1.value.1 }) {
      network.lines[key] = number
      do throws(NetworksFileError.Problem) {
        try set(key, value, in: &network)
      } catch {
        throw fail(number, error)
      }
    }
    for key in [NetworksFile.Key.saslPasswordFile, .saslOptional, .saslKey]
    where values[key] != nil {
      if values[.saslUser] == nil {
        throw fail(values[key]!.1, .needs(key: key.rawValue, other: "sasl-user"))
      }
    }
    if let (_, line) = values[.tlsFingerprint] {
      // The pin decides alone: a CA beside it would go unused, and skipping the check
      // contradicts it.
      if network.tlsInsecure || network.tlsCA != nil {
        throw fail(
          line,
          .invalidValue(
            key: NetworksFile.Key.tlsFingerprint.rawValue,
            reason: "cannot go with \(network.tlsInsecure ? "tls-insecure" : "tls-ca") in one"
              + " section: a pinned certificate is accepted whatever its issuer"))
      }
    }
    networks.append(network)
  }

  private func set(_ key: NetworksFile.Key, _ value: String, in network: inout NetworksFile.Network)
    throws(NetworksFileError.Problem)
  {
    func invalid(_ reason: String) -> NetworksFileError.Problem {
      .invalidValue(key: key.rawValue, reason: reason)
    }
    switch key {
    case .server: break
    case .nick:
      do { network.nick = try IRCName.nick(value) } catch { throw invalid(error.description) }
    case .channels:
      var channels: [String] = []
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        do {
          let channel = try IRCName.channel(String(trimmed(item)))
          if !channels.contains(channel) { channels.append(channel) }
        } catch {
          throw invalid(error.description)
        }
      }
      network.channels = channels
    case .saslUser:
      guard value.contains(where: { !$0.isWhitespace }) else { throw invalid("it is blank") }
      network.saslUser = value
    case .saslPasswordFile: network.saslPasswordFile = try expanded(value, key)
    case .saslOptional: network.saslOptional = try boolean(value, key)
    case .saslKey: network.saslKey = try expanded(value, key)
    case .tlsCA: network.tlsCA = try expanded(value, key)
    case .tlsCertificate: network.tlsCertificate = try expanded(value, key)
    case .tlsInsecure: network.tlsInsecure = try boolean(value, key)
    case .tlsFingerprint:
      do { network.tlsFingerprint = try TLSFingerprint(parsing: value) } catch {
        throw invalid(error.description)
      }
    case .history:
      guard value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let count = Int(value),
        (0...ConnectionProfile.maximumHistory).contains(count)
      else {
        throw invalid("expected a whole number from 0 to \(ConnectionProfile.maximumHistory)")
      }
      network.history = count
    case .bot: network.isBot = try boolean(value, key)
    case .typing: network.typing = try boolean(value, key)
    case .monitor:
      var nicks: [String] = []
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        do {
          let nick = try IRCName.nick(String(trimmed(item)))
          if !nicks.contains(nick) { nicks.append(nick) }
        } catch {
          throw invalid(error.description)
        }
      }
      network.monitor = nicks
    }
  }

  private func boolean(_ value: String, _ key: NetworksFile.Key) throws(NetworksFileError.Problem)
    -> Bool
  {
    switch value.lowercased() {
    case "yes", "true": return true
    case "no", "false": return false
    default:
      throw .invalidValue(key: key.rawValue, reason: "'\(value)' is not yes or no")
    }
  }

  /// `~/x` under `$HOME`; a relative path from the networks file's own directory.
  private func expanded(_ value: String, _ key: NetworksFile.Key) throws(NetworksFileError.Problem)
    -> String
  {
    if value == "~" || value.hasPrefix("~/") {
      guard let home else {
        throw .invalidValue(key: key.rawValue, reason: "~ needs $HOME, which is not set")
      }
      return home + value.dropFirst()
    }
    if value.hasPrefix("~") {
      throw .invalidValue(key: key.rawValue, reason: "~user is not supported: write the path")
    }
    if value.hasPrefix("/") { return value }
    let slash = path.lastIndex(of: "/")
    return slash.map { String(path[...$0]) + value } ?? value
  }

  /// A value as written, or the text inside its double quotes with `\"` and `\\` undone.
  private func unquoted(_ value: Substring, _ number: Int) throws(NetworksFileError) -> String {
    guard value.hasPrefix("\"") else { return String(value) }
    var result = ""
    var rest = value.dropFirst()
    while let character = rest.popFirst() {
      switch character {
      case "\"":
        guard rest.isEmpty else { throw fail(number, .unterminatedQuote) }
        return result
      case "\\":
        let escaped = rest.popFirst()
        guard let escaped, escaped == "\"" || escaped == "\\" else {
          throw fail(number, .invalidEscape("\\" + (escaped.map { String($0) } ?? "")))
        }
        result.append(escaped)
      default:
        result.append(character)
      }
    }
    throw fail(number, .unterminatedQuote)
  }

  private func trimmed(_ text: Substring) -> Substring {
    let isBlank = { (character: Character) in character == " " || character == "\t" }
    guard let first = text.firstIndex(where: { !isBlank($0) }) else {
      return text[text.endIndex...]
    }
    let last = text.lastIndex(where: { !isBlank($0) })!
    return text[first...last]
  }

  private func fail(_ line: Int, _ problem: NetworksFileError.Problem) -> NetworksFileError {
    .malformed(path: path, line: line, problem: problem)
  }
}
