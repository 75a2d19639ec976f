import ChatCore
import FoundationEssentials

/// Appends JSON values as UTF-8 bytes. Hand-written because it runs for every message; the
/// tests check it against `JSONDecoder` over every control character and random strings.
public enum JSONWriter {
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// Appends `text` as a JSON string: quotes, backslashes and every control character (C0,
  /// DEL, C1) escaped, and U+2028/U+2029 too so the line is safe for JavaScript and for tools
  /// that split on them, and the bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069)
  /// so that `cat`ting a transcript cannot reorder it. `/` is left alone and other text stays
  /// raw UTF-8.
  public static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      let count = bytes.count
      var runStart = 0
      while index < count {
        let byte = bytes[index]
        var escapeLength = 0
        var scalar: UInt32 = 0
        if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
          escapeLength = 1
          scalar = UInt32(byte)
        } else if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 {
          escapeLength = 2
          scalar = UInt32(bytes[index + 1])
        } else if byte == 0xE2, index + 2 < count,
          (bytes[index + 1] == 0x80 && (0xA8...0xAE).contains(bytes[index + 2]))
            || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))
        {
          escapeLength = 3
          scalar = 0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        }
        if escapeLength == 0 {
          index += 1
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        appendEscape(scalar, to: &output)
        index += escapeLength
        runStart = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(_ scalar: UInt32, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    switch scalar {
    case 0x22: output.append(UInt8(ascii: "\""))
    case 0x5C: output.append(UInt8(ascii: "\\"))
    case 0x08: output.append(UInt8(ascii: "b"))
    case 0x0C: output.append(UInt8(ascii: "f"))
    case 0x0A: output.append(UInt8(ascii: "n"))
    case 0x0D: output.append(UInt8(ascii: "r"))
    case 0x09: output.append(UInt8(ascii: "t"))
    default:
      output.append(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        output.append(hexDigits[Int(scalar >> UInt32(shift) & 0xF)])
      }
    }
  }

  /// Appends `value` in decimal.
  public static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var rest = value.magnitude
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      if value < 0 { output.append(UInt8(ascii: "-")) }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Appends `id` as a quoted upper-case UUID string, as `UUID.uuidString` prints it.
  public static func appendUUID(_ id: UUID, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    id.appendUUIDString(to: &output)
    output.append(UInt8(ascii: "\""))
  }
}
