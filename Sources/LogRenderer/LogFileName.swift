import ChatCore

/// The file a conversation's log is kept in under `--log-dir`: safe for any name, one file per
/// conversation.
///
/// The name is first folded by the network's rules (`NameRules.key(for:)`), so `#Chat` and
/// `#chat` share a file exactly when the rules say they are one conversation. Then every byte
/// of its UTF-8 other than `a`–`z`, `0`–`9`, `#`, `-` and `_` is written as `%` and two
/// upper-case hex digits (`%` itself too), and `.log` is added:
///
///     #chat     → #chat.log
///     #Chat     → #chat.log          (the same conversation under the rules)
///     Conversation → conversation.log
///     ../x      → %2E%2E%2Fx.log
///     #día      → #d%C3%ADa.log
///     #a␛[31m   → #a%1B%7B31m.log   (RFC 1459 folds `[` to `{`)
///
/// So a file name never holds `/`, a control character, a space or anything beyond ASCII,
/// never starts with `.`, and is never `..`; and since each byte has exactly one spelling
/// (and a literal `%` or upper-case letter never appears) two different keys never give one
/// file name, on case-sensitive and case-insensitive file systems alike. Names are at most 50
/// bytes, so a file name is at most 154.
public enum LogFileName {
  /// The file name for the conversation `name` under `rules`.
  public static func of(_ name: ConversationName, rules: NameRules) -> String {
    let key = rules.key(for: name.text)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(key.utf8.count + 4)
    for byte in key.utf8 {
      if isKept(byte) {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigit(byte >> 4))
        bytes.append(hexDigit(byte & 0xF))
      }
    }
    bytes.append(contentsOf: ".log".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `of(_:rules:)` may give `fileName` for some conversation: the command line
  /// keeps other outputs off those names in the `--log-dir` directory.
  public static func mayName(_ fileName: String) -> Bool {
    guard fileName.hasSuffix(".log") else { return false }
    var bytes = Array(fileName.utf8.dropLast(4))[...]
    guard !bytes.isEmpty else { return false }
    while let byte = bytes.popFirst() {
      if isKept(byte) { continue }
      guard byte == UInt8(ascii: "%"), bytes.count >= 2,
        bytes.prefix(2).allSatisfy({ hexDigits.contains($0) })
      else { return false }
      bytes = bytes.dropFirst(2)
    }
    return true
  }

  private static let hexDigits = Set("0123456789ABCDEF".utf8)

  private static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }
}
