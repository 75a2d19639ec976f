/// Writes bytes through a pointer into space reserved beforehand with
/// `[UInt8].append(reserving:_:)`.
///
/// The per-message formatters write a few dozen small pieces per line; appending each to an
/// array paid a uniqueness and capacity check every time. Reserving an upper bound once and
/// writing through a pointer pays them once per line. Every write checks, before it writes,
/// that it fits in what was reserved (a compare per piece, not a capacity check and a possible
/// reallocation), so a formatter that reserved too little traps instead of writing past the
/// array's end.
public struct ByteWriter {
  @usableFromInline var position: UnsafeMutablePointer<UInt8>
  @usableFromInline let end: UnsafeMutablePointer<UInt8>

  /// A writer over `capacity` bytes at `position`: public so that a writer elsewhere can fill
  /// a scratch buffer of its own (ChatJSON's RFC 3339 times keep one second's text).
  @inlinable public init(_ position: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.position = position
    end = position + capacity
  }

  /// Traps unless `count` more bytes fit in the space reserved.
  @inlinable @inline(__always) func reserve(_ count: Int) {
    precondition(count >= 0 && count <= end - position, "write past the space reserved")
  }

  /// Writes one byte.
  @inlinable @inline(__always) public mutating func write(_ byte: UInt8) {
    reserve(1)
    position.initialize(to: byte)
    position += 1
  }

  /// Writes the UTF-8 of a literal.
  @inlinable @inline(__always) public mutating func write(_ literal: StaticString) {
    reserve(literal.utf8CodeUnitCount)
    position.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
    position += literal.utf8CodeUnitCount
  }

  /// Writes `bytes`.
  @inlinable public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    reserve(bytes.count)
    position.update(from: base, count: bytes.count)
    position += bytes.count
  }

  /// Lets `body` fill exactly `count` bytes in place, then moves past them.
  @inlinable public mutating func fill(
    _ count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
  ) {
    reserve(count)
    body(UnsafeMutableBufferPointer(start: position, count: count))
    position += count
  }
}

extension Array where Element == UInt8 {
  /// Appends what `body` writes, which must be at most `capacity` bytes (a write past them
  /// traps before it happens).
  ///
  /// `body` writes straight into the array's spare room (an `OutputSpan`), and only what it
  /// wrote counts: growing the array by the whole upper bound first zeroed every reserved byte
  /// and then removed the unused ones, and writing into scratch space and copying on cost a
  /// copy and an append per line.
  @inlinable
  public mutating func append(reserving capacity: Int, _ body: (inout ByteWriter) -> Void) {
    append(addingCapacity: capacity) { span in
      // The span's room is the `capacity` bytes asked for, none of them written yet.
      span.withUnsafeMutableBufferPointer { room, written in
        let start = room.baseAddress! + written
        var writer = ByteWriter(start, capacity: room.count - written)
        body(&writer)
        written += writer.position - start
      }
    }
  }
}
