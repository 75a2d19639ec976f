/// A small, strict JSON parser (RFC 8259) for one line of `--input jsonl`.
///
/// Strict so that a bot's mistake is named rather than guessed at: no comments, no trailing
/// commas, no single quotes, no leading zeros, no lone surrogates, no raw control characters
/// in strings, no key given twice, nothing after the value, and the bytes must be UTF-8.
/// Nesting is capped, so a hostile line cannot exhaust the stack.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let depthLimit = 32

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The one JSON value `bytes` holds, with blanks around it allowed.
  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    if let bad = firstInvalidUTF8(in: bytes) {
      throw JSONSyntaxError(problem: .invalidUTF8, column: bad + 1)
    }
    var parser = JSONParser(bytes)
    let value = try parser.value()
    parser.skipBlanks()
    guard parser.index == bytes.count else { throw parser.error(.trailingText) }
    return value
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
    JSONSyntaxError(problem: index < bytes.count ? problem : .unexpectedEnd, column: index + 1)
  }

  private mutating func skipBlanks() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    skipBlanks()
    guard let byte = current else { throw error(.unexpectedEnd) }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      return try nested(isObject: byte == UInt8(ascii: "{"))
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error(.expected("a value"))
    }
  }

  private mutating func nested(isObject: Bool) throws(JSONSyntaxError) -> JSONValue {
    guard depth < Self.depthLimit else { throw error(.nestedTooDeep(limit: Self.depthLimit)) }
    depth += 1
    defer { depth -= 1 }
    return isObject ? try object() : try array()
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONValue {
    index += 1  // {
    var members: [String: JSONValue] = [:]
    skipBlanks()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipBlanks()
      guard current == UInt8(ascii: "\"") else { throw error(.expected("a key in double quotes")) }
      let keyColumn = index + 1
      let key = try string()
      skipBlanks()
      guard current == UInt8(ascii: ":") else { throw error(.expected("':' after the key")) }
      index += 1
      let member = try value()
      guard members.updateValue(member, forKey: key) == nil else {
        throw JSONSyntaxError(problem: .duplicateKey(key), column: keyColumn)
      }
      skipBlanks()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      default: throw error(.expected("',' or '}'"))
      }
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONValue {
    index += 1  // [
    var elements: [JSONValue] = []
    skipBlanks()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try value())
      skipBlanks()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw error(.expected("',' or ']'"))
      }
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let start = index
    for byte in word.utf8 {
      guard current == byte else {
        if current == nil { throw error(.unexpectedEnd) }
        throw JSONSyntaxError(problem: .expected("a value"), column: start + 1)
      }
      index += 1
    }
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    if current == UInt8(ascii: "0") {
      index += 1
      if let byte = current, isDigit(byte) { throw error(.invalidNumber) }  // A leading zero.
    } else {
      try digits()
    }
    if current == UInt8(ascii: ".") {
      index += 1
      try digits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      try digits()
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  /// One or more digits.
  private mutating func digits() throws(JSONSyntaxError) {
    guard let byte = current, isDigit(byte) else { throw error(.invalidNumber) }
    while let byte = current, isDigit(byte) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private mutating func string() throws(JSONSyntaxError) -> String {
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

/// The offset of the first byte that does not belong to well-formed UTF-8 (no overlong forms,
/// no surrogates, nothing past U+10FFFF), or nil when all of `bytes` is UTF-8.
func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
  var index = 0
  while index < bytes.count {
    let lead = bytes[index]
    if lead < 0x80 {
      index += 1
      continue
    }
    let (length, secondRange): (Int, ClosedRange<UInt8>) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80...0xBF)
      case 0xE0: (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
      case 0xED: (3, 0x80...0x9F)
      case 0xF0: (4, 0x90...0xBF)
      case 0xF1...0xF3: (4, 0x80...0xBF)
      case 0xF4: (4, 0x80...0x8F)
      default: (0, 0...0)
      }
    guard length > 0 else { return index }
    for offset in 1..<length {
      let position = index + offset
      guard position < bytes.count else { return index }
      let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
      guard range.contains(bytes[position]) else { return index }
    }
    index += length
  }
  return nil
}
