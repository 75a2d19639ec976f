/// One IRC protocol message: tags, source, command and parameters.
///
/// The format is modern.ircdocs.horse's, with IRCv3 message tags:
/// `['@' tags SPACE] [':' source SPACE] command *(SPACE parameter) [SPACE ':' trailing]`,
/// one or more spaces between the parts.
public struct IRCMessage: Hashable, Sendable {
  /// The message tags, values unescaped; a tag without a value (or with an empty one) is `""`.
  public var tags: [String: String]
  /// Where the message comes from (`nick!user@host` or a server name), without its colon.
  public var source: String?
  /// The command: letters (`PRIVMSG`) or a three-digit numeric (`001`).
  public var command: String
  /// The parameters, the trailing one included as the last element without its colon.
  public var parameters: [String]

  /// Creates a message from its parts.
  ///
  /// `serialized` writes the parts as they are, so every parameter but the last must be
  /// non-empty, hold no space and not start with `:`, and nothing may hold NUL, CR or LF.
  public init(
    tags: [String: String] = [:], source: String? = nil, command: String,
    parameters: [String] = []
  ) {
    self.tags = tags
    self.source = source
    self.command = command
    self.parameters = parameters
  }

  /// Parses `line`, one message without its CR LF.
  public init(parsing line: some StringProtocol) throws(IRCParseError) {
    let text = String(line)
    let bytes = text.utf8
    if let forbidden = bytes.first(where: { $0 == 0 || $0 == 0x0D || $0 == 0x0A }) {
      throw .forbiddenCharacter(forbidden)
    }
    var index = bytes.startIndex
    tags = [:]
    source = nil
    parameters = []
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "@") {
      let end = Self.wordEnd(bytes, from: index)
      tags = Self.tags(text[bytes.index(after: index)..<end])
      index = Self.skipSpaces(bytes, from: end)
    }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") {
      let end = Self.wordEnd(bytes, from: index)
      let start = bytes.index(after: index)
      guard start < end else { throw .emptySource }
      source = String(text[start..<end])
      index = Self.skipSpaces(bytes, from: end)
    }
    let commandEnd = Self.wordEnd(bytes, from: index)
    guard index < commandEnd else { throw .missingCommand }
    command = String(text[index..<commandEnd])
    guard Self.isValidCommand(command) else { throw .invalidCommand(command) }
    index = Self.skipSpaces(bytes, from: commandEnd)
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: ":") {
        parameters.append(String(text[bytes.index(after: index)...]))
        break
      }
      let end = Self.wordEnd(bytes, from: index)
      parameters.append(String(text[index..<end]))
      index = Self.skipSpaces(bytes, from: end)
    }
  }

  /// Whether `command` is letters only or exactly three digits.
  static func isValidCommand(_ command: String) -> Bool {
    let bytes = command.utf8
    guard !bytes.isEmpty else { return false }
    if bytes.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) && $0 < 0x80 }) { return true }
    return bytes.count == 3 && bytes.allSatisfy { (0x30...0x39).contains($0) }
  }

  private static func wordEnd(_ bytes: String.UTF8View, from index: String.Index) -> String.Index {
    bytes[index...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
  }

  private static func skipSpaces(_ bytes: String.UTF8View, from index: String.Index)
    -> String.Index
  {
    bytes[index...].firstIndex { $0 != UInt8(ascii: " ") } ?? bytes.endIndex
  }

  /// The tags in `text` (between `@` and the first space). Keys are opaque, as the spec
  /// demands; an empty key is skipped, and of a repeated key the last one counts.
  private static func tags(_ text: Substring) -> [String: String] {
    var tags: [String: String] = [:]
    for tag in text.split(separator: ";", omittingEmptySubsequences: true) {
      if let equals = tag.firstIndex(of: "=") {
        let key = tag[..<equals]
        guard !key.isEmpty else { continue }
        tags[String(key)] = IRCTagValue.unescaped(tag[tag.index(after: equals)...])
      } else {
        tags[String(tag)] = ""
      }
    }
    return tags
  }
}
