import ChatCore

/// Turns state changes into bytes. Pure: no I/O, no clock; where the bytes go is a sink's job.
public protocol TranscriptFormatter {
  /// Appends what opens the transcript (a header, a schema line), if anything.
  mutating func formatStart(_ state: AppState, into output: inout [UInt8])
  /// Appends what `changes` add to the transcript.
  mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8])
  /// Appends a notice for the user, if this format shows notices.
  mutating func format(_ notice: Notice, in state: AppState, into output: inout [UInt8])
  /// Appends what closes the transcript, if anything.
  mutating func formatEnd(_ state: AppState, into output: inout [UInt8])
}

extension TranscriptFormatter {
  /// Formatters show no notices unless they say otherwise.
  public mutating func format(_ notice: Notice, in state: AppState, into output: inout [UInt8]) {}
}

extension Array where Element == UInt8 {
  /// Appends the UTF-8 of `text`.
  @inlinable
  public mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends the UTF-8 of a literal: no string object, no retain, one copy.
  @inlinable
  public mutating func append(literal text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
