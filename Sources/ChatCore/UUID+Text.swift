import FoundationEssentials

extension UUID {
  /// Appends the 36-character upper-case form, exactly as `uuidString` prints it.
  ///
  /// `uuidString` goes through `snprintf`, which showed up as the single largest cost of
  /// producing a reply; this writes the hex digits directly.
  public func appendUUIDString(to output: inout [UInt8]) {
    withUnsafeBytes(of: uuid) { bytes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
        var position = 0
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[position] = UInt8(ascii: "-")
            position += 1
          }
          text[position] = hexDigit(byte >> 4)
          text[position + 1] = hexDigit(byte & 0xF)
          position += 2
        }
        output.append(contentsOf: text)
      }
    }
  }

  /// The 36-character upper-case form, as `uuidString` prints it, without `snprintf`.
  public var upperHexString: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    appendUUIDString(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The upper-case hex digit for `value` (0–15), computed rather than looked up in a table so
/// the hot path has no lazily initialised global to check.
@inline(__always)
func hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "A") &+ value &- 10
}
