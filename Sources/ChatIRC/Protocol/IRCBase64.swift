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
}
