/// Writes bytes through a pointer into space reserved beforehand with
/// `[UInt8].append(reserving:_:)`.
///
/// The per-message formatters write a few dozen small pieces per line; appending each to an
/// array paid a uniqueness and capacity check every time. Reserving an upper bound once and
/// writing through a pointer pays them once per line. The writer never checks bounds itself:
/// whoever reserves must reserve enough.
public struct ByteWriter {
  @usableFromInline var position: UnsafeMutablePointer<UInt8>

  @inlinable init(_ position: UnsafeMutablePointer<UInt8>) {
    self.position = position
  }

  /// Writes one byte.
  @inlinable public mutating func write(_ byte: UInt8) {
    position.initialize(to: byte)
    position += 1
  }

  /// Writes the UTF-8 of a literal.
  @inlinable public mutating func write(_ literal: StaticString) {
    position.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
    position += literal.utf8CodeUnitCount
  }

  /// Writes `bytes`.
  @inlinable public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    position.update(from: base, count: bytes.count)
    position += bytes.count
  }

  /// Lets `body` fill exactly `count` bytes in place, then moves past them.
  @inlinable public mutating func fill(
    _ count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
  ) {
    body(UnsafeMutableBufferPointer(start: position, count: count))
    position += count
  }
}

extension Array where Element == UInt8 {
  /// Appends what `body` writes, which must be at most `capacity` bytes.
  @inlinable
  public mutating func append(reserving capacity: Int, _ body: (inout ByteWriter) -> Void) {
    let start = count
    append(contentsOf: repeatElement(0, count: capacity))
    let written = withUnsafeMutableBufferPointer { buffer -> Int in
      let base = buffer.baseAddress! + start
      var writer = ByteWriter(base)
      body(&writer)
      return writer.position - base
    }
    precondition(written <= capacity, "wrote \(written) bytes into \(capacity) reserved")
    removeLast(capacity - written)
  }
}
