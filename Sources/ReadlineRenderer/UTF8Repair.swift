@preconcurrency import CReadline
import Glibc

/// Turns the bytes typed at the prompt into valid UTF-8, as piped input is decoded.
///
/// Readline collects the bytes of a multi-byte character before inserting it; a sequence cut
/// short (a lead byte followed by Enter or by a plain character) it drops without a trace. Each
/// ill-formed sequence (a stray continuation byte, a lead byte that cannot start a character,
/// an overlong form, a surrogate, a sequence cut short) becomes one U+FFFD instead, the
/// replacement Swift's decoder makes for the same bytes.
struct UTF8Repair {
  private var pending: [UInt8] = []
  private var needed = 0

  /// U+FFFD in UTF-8.
  static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Whether a sequence has started and waits for its continuation bytes.
  var isPending: Bool { !pending.isEmpty }

  /// Takes the next byte typed; returns the bytes ready to hand on, oldest first.
  mutating func take(_ byte: UInt8) -> [UInt8] {
    if isPending {
      if isValidContinuation(byte) {
        pending.append(byte)
        guard pending.count == needed else { return [] }
        defer { pending.removeAll() }
        return pending
      }
      pending.removeAll()
      return Self.replacement + take(byte)
    }
    switch byte {
    case 0x00...0x7F: return [byte]
    case 0xC2...0xDF: needed = 2
    case 0xE0...0xEF: needed = 3
    case 0xF0...0xF4: needed = 4
    default: return Self.replacement  // A continuation byte, C0, C1 or F5–FF on its own.
    }
    pending = [byte]
    return []
  }

  /// Nothing more has arrived: a sequence left incomplete becomes U+FFFD.
  mutating func flush() -> [UInt8] {
    guard isPending else { return [] }
    pending.removeAll()
    return Self.replacement
  }

  /// Whether `byte` may follow the bytes pending (RFC 3629's table: no overlong forms, no
  /// surrogates, nothing above U+10FFFF).
  private func isValidContinuation(_ byte: UInt8) -> Bool {
    guard pending.count == 1 else { return (0x80...0xBF).contains(byte) }
    switch pending[0] {
    case 0xE0: return (0xA0...0xBF).contains(byte)
    case 0xED: return (0x80...0x9F).contains(byte)
    case 0xF0: return (0x90...0xBF).contains(byte)
    case 0xF4: return (0x80...0x8F).contains(byte)
    default: return (0x80...0xBF).contains(byte)
    }
  }
}

/// The repair in progress; only readline's key reading, on the loop's thread, touches it.
nonisolated(unsafe) private var keyRepair = UTF8Repair()

/// Readline's `rl_getc_function`: reads a key with `rl_getc` and repairs ill-formed UTF-8.
///
/// The continuation bytes of a character arrive with it (a terminal writes a character at
/// once), so a sequence still incomplete when no more input is waiting is cut short. Bytes
/// beyond the first go back to readline with `rl_stuff_char`, which it reads before asking
/// again, within the same `rl_callback_read_char`.
func readRepairedKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
  var ready: [UInt8] = []
  while ready.isEmpty {
    let key = rl_getc(stream)
    guard key >= 0 else {
      ready = keyRepair.flush()
      if ready.isEmpty { return key }
      break
    }
    ready = keyRepair.take(UInt8(truncatingIfNeeded: key))
    if keyRepair.isPending, !isInputWaiting(stream) { ready += keyRepair.flush() }
  }
  for byte in ready.dropFirst() { rl_stuff_char(Int32(byte)) }
  return Int32(ready[0])
}

private func isInputWaiting(_ stream: UnsafeMutablePointer<FILE>?) -> Bool {
  guard let stream else { return false }
  var descriptor = pollfd(fd: fileno(stream), events: Int16(POLLIN), revents: 0)
  return poll(&descriptor, 1, 0) > 0
}
