/// Counts the lines holding a marker in a stream of output, however it is split into chunks.
///
/// Chat's renderers all write a message as its sender's name followed by ": ", so a marker
/// such as `Person B: ` picks out the peer's replies. A line counts once it has ended, so the
/// last reply counts when it has been drawn whole. The marker's first byte must occur in it
/// only once, so matching needs no backtracking.
struct LineCounter {
  private let marker: [UInt8]
  private var matched = 0
  private var insideLine = false
  /// Marked lines that have ended.
  private(set) var count = 0

  init(marker: String) {
    self.marker = Array(marker.utf8)
    precondition(!self.marker.isEmpty && !self.marker.dropFirst().contains(self.marker[0]))
  }

  mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes {
      if insideLine {
        if byte == UInt8(ascii: "\n") {
          insideLine = false
          count += 1
        }
      } else if byte == marker[matched] {
        matched += 1
        if matched == marker.count {
          matched = 0
          insideLine = true
        }
      } else {
        matched = byte == marker[0] ? 1 : 0
      }
    }
  }
}
