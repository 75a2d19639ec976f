/// A small, strict JSON parser (RFC 8259) for one line of `--input jsonl`.
///
/// Strict so that a bot's mistake is named rather than guessed at: no comments, no trailing
/// commas, no single quotes, no leading zeros, no lone surrogates, no raw control characters
/// in strings, no key given twice, nothing after the value, and the bytes must be UTF-8.
/// Nesting is capped, so a hostile line cannot exhaust the stack.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  public static let depthLimit = 32

  let bytes: [UInt8]
  var index = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The one JSON value `bytes` holds, with blanks around it allowed.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    if let bad = firstInvalidUTF8(in: bytes) {
      throw JSONSyntaxError(problem: .invalidUTF8, column: bad + 1)
    }
    var parser = JSONParser(bytes)
    let value = try parser.value()
    parser.skipBlanks()
    guard parser.index == bytes.count else { throw parser.error(.trailingText) }
    return value
  }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
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
}
