// Strings and their escapes: where most of JSON's strictness lies.
extension JSONParser {
  /// Reads the string at `index` (its opening quote).
  mutating func string() throws(JSONSyntaxError) -> String {
    index += 1  // "
    var text: [UInt8] = []
    var runStart = index
    while true {
      guard let byte = current else { throw error(.unexpectedEnd) }
      switch byte {
      case UInt8(ascii: "\""):
        text.append(contentsOf: bytes[runStart..<index])
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        text.append(contentsOf: bytes[runStart..<index])
        try escape(into: &text)
        runStart = index
      case 0..<0x20:
        throw error(.controlCharacter(byte))
      default:
        index += 1
      }
    }
  }

  /// Reads the escape at `index` (its backslash) and appends what it stands for.
  private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
    index += 1
    guard let byte = current else { throw error(.unexpectedEnd) }
    let simple: UInt8? =
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      text.append(simple)
      index += 1
      return
    }
    guard byte == UInt8(ascii: "u") else { throw error(.invalidEscape(byte)) }
    let escapeStart = index - 1
    let unit = try hexUnit()
    var scalar = UInt32(unit)
    if (0xD800..<0xDC00).contains(unit) {
      // A high surrogate must be followed at once by a low one.
      guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw JSONSyntaxError(problem: .loneSurrogate, column: escapeStart + 1) }
      index += 1
      let low = try hexUnit()
      guard (0xDC00..<0xE000).contains(low) else {
        throw JSONSyntaxError(problem: .loneSurrogate, column: escapeStart + 1)
      }
      scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(unit) {
      throw JSONSyntaxError(problem: .loneSurrogate, column: escapeStart + 1)
    }
    // Every value left is a valid scalar: surrogates were handled above.
    text.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
  }

  /// The four hex digits after `\u` (at `index`), as a UTF-16 code unit.
  private mutating func hexUnit() throws(JSONSyntaxError) -> UInt16 {
    index += 1  // u
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw error(.unexpectedEnd) }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(.expected("four hex digits after \\u"))
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }
}
