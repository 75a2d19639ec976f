import ChatRendering

/// A count kept as its decimal digits and counted up in place: every JSON line's `seq`. Turning
/// the number into digits afresh for each line cost more than the rest of opening the line.
struct DecimalCounter: Sendable {
  /// The digits, most significant first, in ASCII.
  private var digits: [UInt8] = [UInt8(ascii: "0")]

  /// Counts one up.
  mutating func increment() {
    var index = digits.count - 1
    while index >= 0 {
      if digits[index] != UInt8(ascii: "9") {
        digits[index] += 1
        return
      }
      digits[index] = UInt8(ascii: "0")
      index -= 1
    }
    digits.insert(UInt8(ascii: "1"), at: 0)
  }

  /// Writes the digits; needs `JSONWriter.maximumIntegerLength` bytes of room.
  func write(to writer: inout ByteWriter) {
    digits.withUnsafeBufferPointer { writer.write($0) }
  }
}
