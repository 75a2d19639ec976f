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
  public func writeUUIDString(into text: UnsafeMutableBufferPointer<UInt8>) {
    withUnsafeBytes(of: uuid) { bytes in
      var position = 0
      for index in 0..<16 {
        let byte = bytes[index]
        text[position] = hexDigit(byte &>> 4)
        text[position &+ 1] = hexDigit(byte & 0xF)
        position &+= 2
        // Dashes after bytes 4, 6, 8 and 10: the 8-4-4-4-12 grouping.
        if index == 3 || index == 5 || index == 7 || index == 9 {
          text[position] = UInt8(ascii: "-")
          position &+= 1
        }
      }
    }
  }
}

/// The upper-case hex digit for `value` (0–15), computed rather than looked up in a table so
/// the hot path has no lazily initialised global to check.
@inline(__always)
func hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "A") &+ value &- 10
}
