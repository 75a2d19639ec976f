/// Base64 (RFC 4648, the standard alphabet with `=` padding), for SASL payloads.
///
/// Small and local so the payload never passes through a general-purpose API that might keep
/// or log it.
enum IRCBase64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` encoded; an empty input gives an empty string.
  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      let b0 = UInt32(bytes[index])
      let b1 = count > 1 ? UInt32(bytes[index + 1]) : 0
      let b2 = count > 2 ? UInt32(bytes[index + 2]) : 0
      let group = b0 << 16 | b1 << 8 | b2
      out.append(alphabet[Int(group >> 18 & 0x3F)])
      out.append(alphabet[Int(group >> 12 & 0x3F)])
      out.append(count > 1 ? alphabet[Int(group >> 6 & 0x3F)] : UInt8(ascii: "="))
      out.append(count > 2 ? alphabet[Int(group & 0x3F)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` decoded; nil when it is not base64 (a character outside the alphabet, a length
  /// that is not a multiple of four, padding anywhere but at the end).
  static func decode(_ text: some StringProtocol) -> [UInt8]? {
    let input = Array(text.utf8)
    guard input.count % 4 == 0 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(input.count / 4 * 3)
    var index = 0
    while index < input.count {
      var group: UInt32 = 0
      var padding = 0
      for offset in 0..<4 {
        let byte = input[index + offset]
        let value: UInt8
        if byte == UInt8(ascii: "=") {
          // Padding only in the last group's last two places, and nothing after it.
          guard index + 4 == input.count, offset >= 2 else { return nil }
          padding += 1
          value = 0
        } else {
          guard padding == 0, let decoded = Self.value(of: byte) else { return nil }
          value = decoded
        }
        group = group << 6 | UInt32(value)
      }
      // The bits past the last byte must be zero, so that each byte string has one encoding.
      guard padding == 0 || group & (padding == 1 ? 0xFF : 0xFFFF) == 0 else { return nil }
      out.append(UInt8(group >> 16 & 0xFF))
      if padding < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
      if padding < 1 { out.append(UInt8(group & 0xFF)) }
      index += 4
    }
    return out
  }

  private static func value(of byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
