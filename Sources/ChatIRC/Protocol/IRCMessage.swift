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
  ///
  /// The line is read as bytes and cut only at ASCII spaces, `@`, `:`, `;` and `=`, which
  /// never occur inside a UTF-8 sequence, so every part is exactly its bytes of the line.
  public init(parsing line: some StringProtocol) throws(IRCParseError) {
    var text = String(line)
    let parsed = text.withUTF8 { bytes in Result { () throws(IRCParseError) in try Self(bytes) } }
    self = try parsed.get()
  }

  /// Parses the bytes of one line (valid UTF-8, from a `String`).
  private init(_ bytes: UnsafeBufferPointer<UInt8>) throws(IRCParseError) {
    if let forbidden = bytes.first(where: { $0 == 0 || $0 == 0x0D || $0 == 0x0A }) {
      throw .forbiddenCharacter(forbidden)
    }
    let end = bytes.count
    func wordEnd(_ from: Int) -> Int {
      var index = from
      while index < end, bytes[index] != UInt8(ascii: " ") { index += 1 }
      return index
    }
    func skipSpaces(_ from: Int) -> Int {
      var index = from
      while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
      return index
    }
    func string(_ from: Int, _ to: Int) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
    }
    var index = 0
    tags = [:]
    source = nil
    parameters = []
    if index < end, bytes[index] == UInt8(ascii: "@") {
      let tagsEnd = wordEnd(index)
      tags = Self.tags(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<tagsEnd]))
      index = skipSpaces(tagsEnd)
    }
    if index < end, bytes[index] == UInt8(ascii: ":") {
      let sourceEnd = wordEnd(index)
      guard index + 1 < sourceEnd else { throw .emptySource }
      source = string(index + 1, sourceEnd)
      index = skipSpaces(sourceEnd)
    }
    let commandEnd = wordEnd(index)
    guard index < commandEnd else { throw .missingCommand }
    command = string(index, commandEnd)
    guard Self.isValidCommand(command) else { throw .invalidCommand(command) }
    index = skipSpaces(commandEnd)
    while index < end {
      if bytes[index] == UInt8(ascii: ":") {
        parameters.append(string(index + 1, end))
        break
      }
      let parameterEnd = wordEnd(index)
      parameters.append(string(index, parameterEnd))
      index = skipSpaces(parameterEnd)
    }
  }

  /// Whether `command` is letters only or exactly three digits.
  /// Whether the command is `name` (given in upper case), compared as IRC compares commands,
  /// regardless of case, without making an upper-cased copy: it is asked of every line.
  public func isCommand(_ name: String) -> Bool {
    let given = command.utf8
    guard given.count == name.utf8.count else { return false }
    return zip(given, name.utf8).allSatisfy { $0 == $1 || $0 & 0xDF == $1 }
  }

  static func isValidCommand(_ command: String) -> Bool {
    let bytes = command.utf8
    guard !bytes.isEmpty else { return false }
    if bytes.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) && $0 < 0x80 }) { return true }
    return bytes.count == 3 && bytes.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// The tags in `bytes` (between `@` and the first space). Keys are opaque, as the spec
  /// demands; an empty key is skipped, and of a repeated key the last one counts.
  private static func tags(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
    var tags: [String: String] = [:]
    var start = 0
    while start <= bytes.count {
      var end = start
      var equals: Int?
      while end < bytes.count, bytes[end] != UInt8(ascii: ";") {
        if equals == nil, bytes[end] == UInt8(ascii: "=") { equals = end }
        end += 1
      }
      defer { start = end + 1 }
      guard end > start else { continue }
      let keyEnd = equals ?? end
      guard keyEnd > start else { continue }
      let key = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<keyEnd]), as: UTF8.self)
      if let equals {
        let value = UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end])
        tags[key] =
          value.contains(UInt8(ascii: "\\"))
          ? IRCTagValue.unescaped(Substring(String(decoding: value, as: UTF8.self)))
          : String(decoding: value, as: UTF8.self)
      } else {
        tags[key] = ""
      }
    }
    return tags
  }
}
