import Glibc

/// Splits a byte stream from a server into lines, with a cap on how long a line may grow.
///
/// A line ends at LF, with one CR before it dropped (CR LF or a bare LF). Each line is decoded
/// on its own, invalid UTF-8 becoming U+FFFD, so a bad byte never spills into the next line;
/// a NUL, which no line may hold, becomes U+FFFD too, so the message it is in still arrives.
/// Empty lines are skipped, as the spec says. A line longer than `maximumLineBytes` is not
/// kept: its bytes are counted and thrown away as they come, and it is reported once its end
/// arrives, so a hostile server cannot make the buffer grow without bound.
public struct IRCLineBuffer: Sendable {
  /// What the buffer found in the stream.
  public enum Item: Hashable, Sendable {
    /// A complete line without its CR LF.
    case line(String)
    /// A line over the cap, dropped; `byteCount` is its length without CR LF.
    case tooLong(byteCount: Int)
  }

  /// The longest line kept, in bytes without CR LF: 8,191 bytes of tags plus the 512 of the
  /// rest, less the CR LF.
  public static let defaultMaximumLineBytes = 8191 + 512 - 2

  /// The longest line kept, in bytes without CR LF.
  public let maximumLineBytes: Int
  private var partial: [UInt8] = []
  /// Bytes of an over-long line thrown away so far, or nil while the line is within the cap.
  private var discarded: Int?
  /// Whether the last byte thrown away was a CR (which ends the line rather than being in it).
  private var discardedCR = false

  /// An empty buffer.
  public init(maximumLineBytes: Int = defaultMaximumLineBytes) {
    self.maximumLineBytes = maximumLineBytes
  }

  /// The bytes held for a line not finished yet (never more than `maximumLineBytes + 1`).
  public var pendingByteCount: Int { partial.count }

  /// Whether the line arriving now is over the cap and being thrown away as it comes.
  public var isDiscarding: Bool { discarded != nil }

  /// Feeds `bytes` and returns what they completed, in order.
  public mutating func append(_ bytes: some BidirectionalCollection<UInt8>) -> [Item] {
    // Contiguous bytes (a read buffer, an array) take a path of their own: called from
    // another module this generic function is not specialised, a witness call per byte.
    if let items = bytes.withContiguousStorageIfAvailable({ append(contiguous: $0) }) {
      return items
    }
    var items: [Item] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      let newline = rest.firstIndex(of: 0x0A)
      let chunk = rest[..<(newline ?? rest.endIndex)]
      take(chunk)
      guard let newline else { break }
      finishLine(into: &items)
      rest = rest[rest.index(after: newline)...]
    }
    return items
  }

  /// `append` over contiguous bytes: `memchr` for each newline, the line's bytes copied once.
  private mutating func append(contiguous bytes: UnsafeBufferPointer<UInt8>) -> [Item] {
    var items: [Item] = []
    guard let base = bytes.baseAddress else { return items }
    var start = 0
    while start < bytes.count {
      let found = memchr(base + start, 0x0A, bytes.count - start)
      let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
      take(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      guard found != nil else { break }
      finishLine(into: &items)
      start = end + 1
    }
    return items
  }

  /// At end of stream: the last line if it had no newline (a closing `ERROR` often has one,
  /// but a server may just stop).
  public mutating func finish() -> [Item] {
    var items: [Item] = []
    if !partial.isEmpty || discarded != nil { finishLine(into: &items) }
    return items
  }

  private mutating func take(_ chunk: some BidirectionalCollection<UInt8>) {
    if let count = discarded {
      discarded = count + chunk.count
      if let last = chunk.last { discardedCR = last == 0x0D }
    } else if partial.count + chunk.count > maximumLineBytes + 1 {
      // One byte of slack for the CR that may end the line.
      discarded = partial.count + chunk.count
      discardedCR = (chunk.last ?? partial.last) == 0x0D
      partial.removeAll(keepingCapacity: false)
    } else {
      partial.append(contentsOf: chunk)
    }
  }

  private mutating func finishLine(into items: inout [Item]) {
    if let count = discarded {
      items.append(.tooLong(byteCount: discardedCR ? count - 1 : count))
      discarded = nil
      discardedCR = false
      return
    }
    if partial.last == 0x0D { partial.removeLast() }
    if partial.count > maximumLineBytes {
      items.append(.tooLong(byteCount: partial.count))
    } else if !partial.isEmpty {
      if partial.contains(0) {
        items.append(
          .line(String(decoding: partial, as: UTF8.self).replacing("\0", with: "\u{FFFD}")))
      } else {
        items.append(.line(String(decoding: partial, as: UTF8.self)))
      }
    }
    partial.removeAll(keepingCapacity: true)
  }
}
