import ChatCore
import ChatRendering
import FoundationEssentials

/// Writes JSON values as UTF-8 bytes. Hand-written because it runs for every message; the
/// tests check it against `JSONDecoder` over every control character and random strings.
///
/// Each value has a `write…` form for a `ByteWriter` (the formatter reserves room for a whole
/// line and writes it in one go) and an `append…` form for a plain byte array.
public enum JSONWriter {
  /// The most bytes `writeString` writes for `text`: quotes, and six bytes (`\u00XX`) for every
  /// byte in the worst case.
  public static func maximumLength(ofString text: String) -> Int { 2 + 6 * text.utf8.count }

  /// `maximumLength(ofString:)` of `text` when there is one, else nothing. Looked into in
  /// place: `maximumLength(ofString: text ?? "")` retained and released the string.
  public static func maximumLength(ofOptionalString text: borrowing String?) -> Int {
    switch text {
    case .some(let text): maximumLength(ofString: text)
    case .none: 0
    }
  }

  /// The most bytes an integer takes in decimal.
  public static var maximumIntegerLength: Int { 20 }

  /// The bytes a quoted UUID takes.
  public static var uuidLength: Int { 38 }

  /// Writes `text` as a JSON string: quotes, backslashes and every control character (C0,
  /// DEL, C1) escaped, and U+2028/U+2029 too so the line is safe for JavaScript and for tools
  /// that split on them, and the bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069)
  /// so that `cat`ting a transcript cannot reorder it. `/` is left alone and other text stays
  /// raw UTF-8. Needs `maximumLength(ofString:)` bytes of room.
  public static func writeString(_ text: String, to writer: inout ByteWriter) {
    writer.write(UInt8(ascii: "\""))
    // Borrowed in place: `withUTF8` needs a mutable copy, a retain and a release per string.
    // Only a string not stored as UTF-8 (none on Linux) takes that way.
    if text.utf8.withContiguousStorageIfAvailable({ writeContents($0, to: &writer) }) == nil {
      var text = text
      text.withUTF8 { writeContents($0, to: &writer) }
    }
    writer.write(UInt8(ascii: "\""))
  }

  /// Writes the UTF-8 `bytes` escaped, without the quotes: in one copy when none needs a look
  /// (most names and texts), otherwise looking at each byte a word said might need one.
  @inline(__always)
  private static func writeContents(
    _ bytes: UnsafeBufferPointer<UInt8>, to writer: inout ByteWriter
  ) {
    if isPlain(bytes) {
      writer.write(bytes)
    } else {
      writeEscaping(bytes, to: &writer)
    }
  }

  /// Whether no byte of `bytes` can need an escape, judged eight bytes at a time: the last
  /// word overlaps the one before it (bytes already found plain), and a text shorter than a
  /// word is padded with plain bytes. False may be wrong (then the bytes are looked at one by
  /// one); true never is.
  @inline(__always)
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    let raw = UnsafeRawPointer(base)
    guard count >= 8 else {
      var word: UInt64 = 0x4141_4141_4141_4141  // "AAAAAAAA": plain.
      for index in 0..<count { word = word << 8 | UInt64(base[index]) }
      return !mayNeedEscape(word)
    }
    var index = 0
    while index &+ 8 <= count {
      if mayNeedEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return false }
      index &+= 8
    }
    return index == count
      || !mayNeedEscape(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
  }

  /// Writes `bytes` with every byte that needs it escaped.
  private static func writeEscaping(
    _ bytes: UnsafeBufferPointer<UInt8>, to writer: inout ByteWriter
  ) {
    var index = 0
    let count = bytes.count
    var runStart = 0
    // Bytes up to here need no look: they were checked eight at a time and are plain.
    var checkedUntil = 0
    while index < count {
      if index >= checkedUntil {
        // Most text is printable ASCII: check eight bytes at once and skip them if none
        // could need an escape; otherwise look at those eight one by one.
        if index &+ 8 <= count,
          !mayNeedEscape(
            UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
        {
          index &+= 8
          continue
        }
        checkedUntil = index &+ 8
      }
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
      writer.write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      writeEscape(scalar, to: &writer)
      index += escapeLength
      runStart = index
    }
    writer.write(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
  }

  /// Whether any of the eight bytes in `word` is a control character (below 0x20), `"`,
  /// a backslash, DEL or not ASCII: exact for the first three (the usual bit tricks: a byte below
  /// `n` borrows into its top bit), and never wrong to say yes.
  @inline(__always)
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- ones &* 0x20) & ~word
    let quote = ((word ^ (ones &* 0x22)) &- ones) & ~(word ^ (ones &* 0x22))
    let backslash = ((word ^ (ones &* 0x5C)) &- ones) & ~(word ^ (ones &* 0x5C))
    // DEL plus one and every byte from 0x80 up have the top bit set; a carry out of 0xFF
    // lands only beside a byte already flagged.
    let high = word | (word &+ ones)
    return (control | quote | backslash | high) & tops != 0
  }

  private static func writeEscape(_ scalar: UInt32, to writer: inout ByteWriter) {
    writer.write(UInt8(ascii: "\\"))
    switch scalar {
    case 0x22: writer.write(UInt8(ascii: "\""))
    case 0x5C: writer.write(UInt8(ascii: "\\"))
    case 0x08: writer.write(UInt8(ascii: "b"))
    case 0x0C: writer.write(UInt8(ascii: "f"))
    case 0x0A: writer.write(UInt8(ascii: "n"))
    case 0x0D: writer.write(UInt8(ascii: "r"))
    case 0x09: writer.write(UInt8(ascii: "t"))
    default:
      writer.write(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        let digit = UInt8(truncatingIfNeeded: scalar >> UInt32(shift) & 0xF)
        writer.write(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
      }
    }
  }

  /// Writes `value` in decimal; needs `maximumIntegerLength` bytes of room.
  ///
  /// The digits are counted first and written in place from the last one back, with no
  /// scratch buffer to copy from.
  public static func writeInteger(_ value: Int, to writer: inout ByteWriter) {
    if value < 0 { writer.write(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var digits = 1
    var bound: UInt = 10
    while digits < 20, magnitude >= bound {
      digits &+= 1
      bound = bound &* 10
    }
    writer.fill(digits) { text in
      var rest = magnitude
      var index = digits
      repeat {
        index &-= 1
        text[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
    }
  }

  /// Writes `id` as a quoted upper-case UUID string; needs `uuidLength` bytes of room.
  public static func writeUUID(_ id: UUID, to writer: inout ByteWriter) {
    writer.write(UInt8(ascii: "\""))
    writer.fill(36) { id.writeUUIDString(into: $0) }
    writer.write(UInt8(ascii: "\""))
  }
}
