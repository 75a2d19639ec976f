import Glibc

/// Splits a byte stream into lines, decoding each complete line as UTF-8.
///
/// Decoding per complete line means a multi-byte character split across two reads is never
/// mangled; invalid UTF-8 becomes U+FFFD, NUL bytes are kept, one `\r` before `\n` is dropped
/// so CRLF files read naturally. A final line without a newline is still a line. A line longer
/// than `maximumLineLength` bytes is delivered in pieces of that size, so a line that never
/// ends cannot exhaust memory and nothing is dropped.
public struct LineReader {
  /// The longest line delivered in one piece: 8 MiB.
  public static let defaultMaximumLineLength = 8 * 1024 * 1024

  private var buffer: [UInt8] = []
  private var start = 0
  private var scanned = 0
  private let maximumLineLength: Int

  /// Creates an empty reader.
  public init(maximumLineLength: Int = LineReader.defaultMaximumLineLength) {
    self.maximumLineLength = maximumLineLength
  }

  /// Whether bytes of an unfinished line are waiting.
  public var hasPartialLine: Bool { start < buffer.count }

  /// Adds bytes read from the stream.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
      scanned = 0
    } else if start > 64 * 1024, start * 2 > buffer.count {
      buffer.removeFirst(start)
      scanned -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete line, if one has arrived.
  public mutating func nextLine() -> String? {
    nextRange().map { decode($0.range) }
  }

  /// The next complete line's bytes, not decoded, if one has arrived; `isCut` when the line
  /// was longer than `maximumLineLength` and the next piece carries on with it.
  public mutating func nextLineBytes() -> (bytes: [UInt8], isCut: Bool)? {
    nextRange().map { (Array(buffer[$0.range]), $0.isCut) }
  }

  /// Whatever is left when the stream ends, as a last line.
  public mutating func finish() -> String? {
    finishRange().map(decode)
  }

  /// Whatever is left when the stream ends, as a last line's bytes, not decoded.
  public mutating func finishBytes() -> [UInt8]? {
    finishRange().map { Array(buffer[$0]) }
  }

  /// Where the next complete line (or the next piece of a line too long) lies, and consumes it.
  private mutating func nextRange() -> (range: Range<Int>, isCut: Bool)? {
    let limit = min(buffer.count, start + maximumLineLength)
    // A newline just past the longest line still ends it, so a CRLF line exactly that long
    // loses its carriage return like any other rather than being cut between the two.
    let searchEnd = min(buffer.count, limit + 1)
    let newline: Int? = buffer.withUnsafeBytes { raw in
      guard scanned < searchEnd, let base = raw.baseAddress,
        let found = memchr(base + scanned, 0x0A, searchEnd - scanned)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
    if let newline {
      var end = newline
      if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let range = start..<end
      start = newline + 1
      scanned = start
      return (range, false)
    }
    scanned = limit
    guard limit - start >= maximumLineLength, limit < buffer.count else { return nil }
    // Too long: cut at a character boundary so the pieces decode to the original text.
    var cut = limit
    while cut > start + 1, buffer[cut] & 0xC0 == 0x80 { cut -= 1 }
    let range = start..<cut
    start = cut
    scanned = cut
    return (range, true)
  }

  private mutating func finishRange() -> Range<Int>? {
    guard hasPartialLine else { return nil }
    let range = start..<buffer.count
    start = buffer.count
    scanned = start
    return range
  }

  private func decode(_ range: Range<Int>) -> String {
    buffer.withUnsafeBufferPointer { String(decoding: $0[range], as: UTF8.self) }
  }
}
