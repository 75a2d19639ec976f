/// One line a test server sent, split just enough for test predicates.
///
/// Deliberately small and separate from the client's own parser, so the tests do not check
/// the parser with itself: tags (values unescaped), source, command, parameters.
public struct IRCLine: Sendable, Hashable, CustomStringConvertible {
  /// The line as received, without CR LF.
  public var raw: String
  public var tags: [String: String] = [:]
  public var source: String?
  /// The command or numeric, uppercased.
  public var command: String = ""
  /// The parameters, the trailing one last and without its colon.
  public var parameters: [String] = []

  /// The nick of the source (`nick!user@host`), or the whole source for a server.
  public var nick: String? { source.map { String($0.prefix { $0 != "!" }) } }
  /// The last parameter (a message's text, a numeric's human-readable part).
  public var trailing: String? { parameters.last }

  public var description: String { raw }

  /// Splits `raw`; a line with no command gets an empty `command`.
  public init(_ raw: String) {
    self.raw = raw
    var rest = Substring(raw)
    if rest.hasPrefix("@") {
      let end = rest.firstIndex(of: " ") ?? rest.endIndex
      for tag in rest[rest.index(after: rest.startIndex)..<end].split(separator: ";") {
        let parts = tag.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        tags[String(parts[0])] = parts.count > 1 ? Self.unescape(parts[1]) : ""
      }
      rest = rest[end...].drop { $0 == " " }
    }
    if rest.hasPrefix(":") {
      let end = rest.firstIndex(of: " ") ?? rest.endIndex
      source = String(rest[rest.index(after: rest.startIndex)..<end])
      rest = rest[end...].drop { $0 == " " }
    }
    while !rest.isEmpty {
      if rest.hasPrefix(":") && !command.isEmpty {
        parameters.append(String(rest.dropFirst()))
        break
      }
      let end = rest.firstIndex(of: " ") ?? rest.endIndex
      let word = String(rest[..<end])
      if command.isEmpty { command = word.uppercased() } else { parameters.append(word) }
      rest = rest[end...].drop { $0 == " " }
    }
  }

  private static func unescape(_ value: Substring) -> String {
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case ":": result.append(";")
        case "s": result.append(" ")
        case "r": result.append("\r")
        case "n": result.append("\n")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
