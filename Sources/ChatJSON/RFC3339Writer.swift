import ChatCore
import ChatRendering

/// Writes RFC 3339 times exactly as `TimeFormat.writeRFC3339` does, remembering the text of
/// the last second it wrote.
///
/// Consecutive lines of a transcript mostly fall in the same second, and then only the
/// milliseconds are new: the calendar arithmetic, a fifth of a JSON line's cost, runs once a
/// second instead of once a line.
public struct RFC3339Writer: Sendable {
  /// The start of the second last written, in milliseconds since the epoch.
  private var second = Int64.min
  /// The first 20 bytes of that second's text (`2025-01-01T12:00:00.`), as words.
  private var head: (UInt64, UInt64, UInt32) = (0, 0, 0)

  /// Creates a writer that has written nothing yet.
  public init() {}

  /// Writes `time` as RFC 3339 UTC with milliseconds, `TimeFormat.rfc3339Length` bytes.
  public mutating func write(_ time: Timestamp, to writer: inout ByteWriter) {
    let milliseconds = time.millisecondsSinceEpoch
    // The remainder taken towards minus infinity, so times before 1970 fall in their second.
    let fraction = (milliseconds % 1000 + 1000) % 1000
    if milliseconds &- fraction != second {
      second = milliseconds &- fraction
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: TimeFormat.rfc3339Length) { text in
        var scratch = ByteWriter(text.baseAddress!, capacity: TimeFormat.rfc3339Length)
        TimeFormat.writeRFC3339(time, to: &scratch)
        let raw = UnsafeRawPointer(text.baseAddress!)
        head = (
          raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
          raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
        )
      }
    }
    let prefix = head
    let digits = Int(fraction)
    writer.fill(TimeFormat.rfc3339Length) { text in
      let raw = UnsafeMutableRawPointer(text.baseAddress!)
      raw.storeBytes(of: prefix.0, as: UInt64.self)
      raw.storeBytes(of: prefix.1, toByteOffset: 8, as: UInt64.self)
      raw.storeBytes(of: prefix.2, toByteOffset: 16, as: UInt32.self)
      text[20] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits / 100)
      text[21] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits / 10 % 10)
      text[22] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
      text[23] = UInt8(ascii: "Z")
    }
  }
}
