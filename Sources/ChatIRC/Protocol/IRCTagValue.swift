/// Escaping of message-tag values, as the IRCv3 message-tags spec defines it.
enum IRCTagValue {
  /// `value` as it travels: `;` `\:`, space `\s`, `\` `\\`, CR `\r`, LF `\n`.
  static func escaped(_ value: String) -> String {
    guard value.utf8.contains(where: needsEscape) else { return value }
    var result = ""
    result.reserveCapacity(value.utf8.count + 8)
    for scalar in value.unicodeScalars {
      switch scalar {
      case ";": result += "\\:"
      case " ": result += "\\s"
      case "\\": result += "\\\\"
      case "\r": result += "\\r"
      case "\n": result += "\\n"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The value `escaped` stands for. A backslash before any other character stands for that
  /// character, and a backslash at the very end is dropped, as the spec says.
  static func unescaped(_ escaped: Substring) -> String {
    guard escaped.utf8.contains(UInt8(ascii: "\\")) else { return String(escaped) }
    var result = ""
    var scalars = escaped.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard let next = scalars.next() else { break }
      switch next {
      case ":": result += ";"
      case "s": result += " "
      case "r": result += "\r"
      case "n": result += "\n"
      default: result.unicodeScalars.append(next)
      }
    }
    return result
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\\")
      || byte == 0x0D || byte == 0x0A
  }
}
