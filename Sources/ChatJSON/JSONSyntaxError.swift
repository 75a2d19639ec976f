/// Why a line is not JSON, and at which byte (from 1) it was found.
public struct JSONSyntaxError: Error, Hashable, CustomStringConvertible {
  /// What was wrong.
  public enum Problem: Hashable, Sendable {
    case controlCharacter(UInt8)
    case duplicateKey(String)
    case expected(String)
    case invalidEscape(UInt8)
    case invalidNumber
    case invalidUTF8
    case loneSurrogate
    case nestedTooDeep(limit: Int)
    case trailingText
    case unexpectedEnd
  }

  public var problem: Problem
  /// The byte where it was found, counted from 1.
  public var column: Int

  /// Creates the error; public so that tests of what a refused line says can name one.
  public init(problem: Problem, column: Int) {
    self.problem = problem
    self.column = column
  }

  public var description: String {
    let what =
      switch problem {
      case .controlCharacter(let byte): "control character \(hex(byte)) in a string (escape it)"
      case .duplicateKey(let key): "key \(Self.quoted(key)) given twice"
      case .expected(let what): "expected \(what)"
      case .invalidEscape(let byte): "invalid escape \\\(printable(byte)) in a string"
      case .invalidNumber: "malformed number"
      case .invalidUTF8: "invalid UTF-8"
      case .loneSurrogate: "a \\u escape is half of a surrogate pair"
      case .nestedTooDeep(let limit): "nested deeper than \(limit) levels"
      case .trailingText: "text after the JSON value"
      case .unexpectedEnd: "the line ends inside the JSON value"
      }
    return what + " at byte \(column)"
  }
}

/// `0x1B` as `U+001B`.
private func hex(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
}

/// A byte shown in a message: itself when printable ASCII, else its code.
private func printable(_ byte: UInt8) -> String {
  byte > 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : hex(byte)
}

extension JSONSyntaxError {
  /// `text` in double quotes for a message, cut short when long so a huge key or type never
  /// makes a huge notice. (The notice's formatter makes control characters visible.) Public
  /// so that the runtime's words for a refused request quote as these do.
  public static func quoted(_ text: String) -> String {
    let limit = 40
    return "\"" + (text.count > limit ? text.prefix(limit) + "…" : text) + "\""
  }
}
