/// Finds the benchmark's message tags, `~q<sequence number>~`, in a stream of output however
/// it is split into chunks: in a terminal's bytes between escape sequences, in JSON lines, in
/// a log file or on the wire.
///
/// Every text the benchmark sends starts with its tag, and no receiver escapes `~`, `q` or
/// digits, so each message shown yields its number (a redrawn screen may yield it again).
struct SequenceScanner {
  private enum State { case idle, tilde, q, digits }
  private var state = State.idle
  private var value = 0
  private var digitCount = 0

  /// The text of message `sequence`: its tag, when it was sent (monotonic microseconds, for
  /// whoever reads it) and a few words, short enough for one row of any receiver's screen.
  static func text(_ sequence: Int, sentAt seconds: Double) -> String {
    "~q\(sequence)~ at \(Int(seconds * 1e6)) lorem ipsum dolor"
  }

  /// Reads `bytes`, calling `found` with every complete tag's number.
  mutating func feed(_ bytes: UnsafeRawBufferPointer, _ found: (Int) -> Void) {
    for byte in bytes {
      switch (state, byte) {
      case (.tilde, UInt8(ascii: "q")):
        state = .q
      case (.q, UInt8(ascii: "0")...UInt8(ascii: "9")),
        (.digits, UInt8(ascii: "0")...UInt8(ascii: "9")):
        if state == .q {
          value = 0
          digitCount = 0
        }
        state = .digits
        value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
        digitCount += 1
        if digitCount > 9 { state = .idle }
      case (.digits, UInt8(ascii: "~")):
        found(value)
        state = .tilde  // This `~` may open the next tag.
      case (_, UInt8(ascii: "~")):
        state = .tilde
      default:
        state = .idle
      }
    }
  }
}
