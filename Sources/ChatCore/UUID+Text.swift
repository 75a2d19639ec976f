import FoundationEssentials

extension UUID {
  /// Appends the 36-character upper-case form, exactly as `uuidString` prints it.
  ///
  /// `uuidString` goes through `snprintf`, which showed up as the single largest cost of
  /// producing a reply; this writes the hex digits directly.
  public func appendUUIDString(to output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
      writeUUIDString(into: text)
      output.append(contentsOf: text)
    }
  }

  /// The 36-character upper-case form, as `uuidString` prints it, without `snprintf`.
  public var upperHexString: String {
    String(unsafeUninitializedCapacity: 36) { text in
      writeUUIDString(into: text)
      return 36
    }
  }

  /// Writes the 36 bytes of the upper-case form into `text`.
  ///
  /// Eight digits at a time: four bytes are spread one nibble per byte of a word, and each
  /// nibble becomes its digit by adding `0` and, when it is 10 or more, 7 more, all eight
  /// lanes at once (no lane can carry into the next).
  public func writeUUIDString(into text: UnsafeMutableBufferPointer<UInt8>) {
    precondition(text.count >= 36, "a UUID's text takes 36 bytes")
    let raw = UnsafeMutableRawPointer(text.baseAddress!)
    let (first, second) = withUnsafeBytes(of: uuid) { bytes in
      (
        bytes.loadUnaligned(as: UInt64.self).bigEndian,
        bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
      )
    }
    let digits = (
      hexDigits(UInt32(truncatingIfNeeded: first >> 32)),
      hexDigits(UInt32(truncatingIfNeeded: first)),
      hexDigits(UInt32(truncatingIfNeeded: second >> 32)),
      hexDigits(UInt32(truncatingIfNeeded: second))
    )
    // The 8-4-4-4-12 grouping: dashes after the 8th, 12th, 16th and 20th digit.
    raw.storeBytes(of: digits.0, as: UInt64.self)
    raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 8, as: UInt8.self)
    raw.storeBytes(of: UInt32(truncatingIfNeeded: digits.1), toByteOffset: 9, as: UInt32.self)
    raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 13, as: UInt8.self)
    raw.storeBytes(
      of: UInt32(truncatingIfNeeded: digits.1 >> 32), toByteOffset: 14, as: UInt32.self)
    raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 18, as: UInt8.self)
    raw.storeBytes(of: UInt32(truncatingIfNeeded: digits.2), toByteOffset: 19, as: UInt32.self)
    raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 23, as: UInt8.self)
    raw.storeBytes(
      of: UInt32(truncatingIfNeeded: digits.2 >> 32), toByteOffset: 24, as: UInt32.self)
    raw.storeBytes(of: digits.3, toByteOffset: 28, as: UInt64.self)
  }
}

/// The eight upper-case hex digits of `value`, most significant first, as the bytes of a
/// word in memory order (little-endian on every platform Swift runs on for Linux).
@inline(__always)
func hexDigits(_ value: UInt32) -> UInt64 {
  // Byte i of `spread` holds nibble i of the text: the high nibble of byte i/2 of `value`
  // (most significant first) when i is even, its low nibble when odd.
  var pairs: UInt64 = 0
  for index in 0..<4 {
    let byte = UInt64(truncatingIfNeeded: value >> UInt32(24 - 8 * index)) & 0xFF
    pairs |= byte << UInt64(16 * index)
  }
  let lowNibbles: UInt64 = 0x000F_000F_000F_000F
  let spread = (pairs >> 4) & lowNibbles | (pairs & lowNibbles) << 8
  let ones: UInt64 = 0x0101_0101_0101_0101
  let tens = ((spread &+ ones &* 6) >> 4) & ones  // 1 in each lane holding 10 or more.
  return (spread &+ ones &* 0x30 &+ tens &* 7).littleEndian
}
