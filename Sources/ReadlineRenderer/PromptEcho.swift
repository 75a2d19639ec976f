@preconcurrency import CReadline
import ChatRendering

/// What the prompt shows of the line being typed: as safe as the transcript.
///
/// Readline echoes what is typed as it is, but for C0 controls and DEL, which it shows as `^X`.
/// A C1 control (U+009B is CSI to many terminals), a bidi override or an invisible character
/// pasted at the prompt would reach the terminal raw. So readline draws a copy of the line in
/// which every other character the `Sanitizer` replaces shows as its stand-in (`<U+009B>`), and
/// bytes that are not UTF-8 as U+FFFD; the line itself, which is sent, keeps what was typed.
enum PromptEcho {
  /// The line `bytes` as the prompt shows it, and for each byte offset of `bytes` (and its end)
  /// the offset in the shown bytes; nil when it shows as it is.
  static func shown(_ bytes: some Collection<UInt8>) -> (bytes: [UInt8], offsets: [Int])? {
    guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
    var shown: [UInt8] = []
    shown.reserveCapacity(bytes.count)
    var offsets: [Int] = []
    offsets.reserveCapacity(bytes.count + 1)
    var changed = false
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .emptyInput:
        offsets.append(shown.count)
        return changed ? (shown, offsets) : nil
      case .valid(let encoded):
        offsets += repeatElement(shown.count, count: encoded.count)
        let scalar = Unicode.UTF8.decode(encoded)
        if scalar.value >= 0x80, Sanitizer.isUnsafe(scalar) {
          shown.append(contentsOf: Sanitizer.sanitize(String(scalar)).utf8)
          changed = true
        } else {
          shown.append(contentsOf: encoded)
        }
      case .error(let length):
        offsets += repeatElement(shown.count, count: length)
        shown.append(contentsOf: UTF8Repair.replacement)
        changed = true
      }
    }
  }
}

extension PromptEcho {
  /// The line being edited up to the cursor, as the prompt shows it.
  static func shownBeforePoint() -> String {
    guard let line = rl_line_buffer, rl_point > 0 else { return "" }
    let bytes = UnsafeRawBufferPointer(start: line, count: Int(min(rl_point, rl_end)))
    guard let shown = shown(bytes) else { return String(decoding: bytes, as: UTF8.self) }
    return String(decoding: shown.bytes, as: UTF8.self)
  }
}

/// Readline's `rl_redisplay_function`: `rl_redisplay` over the line as `PromptEcho` shows it.
///
/// For the one call, readline's line, point, end and mark are those of the shown copy, and the
/// real ones are put back after it; readline keeps no pointer into the line between calls.
func redisplaySafely() {
  guard let line = rl_line_buffer, rl_end > 0,
    let shown = PromptEcho.shown(
      UnsafeRawBufferPointer(start: line, count: Int(rl_end)))
  else {
    rl_redisplay()
    return
  }
  let (point, end, mark) = (rl_point, rl_end, rl_mark)
  func mapped(_ offset: Int32) -> Int32 {
    Int32(shown.offsets[Int(max(0, min(offset, end)))])
  }
  var copy = shown.bytes.map { CChar(bitPattern: $0) } + [0]
  copy.withUnsafeMutableBufferPointer { buffer in
    rl_line_buffer = buffer.baseAddress
    (rl_point, rl_end, rl_mark) = (mapped(point), Int32(shown.bytes.count), mapped(mark))
    rl_redisplay()
  }
  rl_line_buffer = line
  (rl_point, rl_end, rl_mark) = (point, end, mark)
}
