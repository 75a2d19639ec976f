import ChatIRC

/// What the message parser must keep for any line at all.
///
/// Shared by `IRCMessageFuzzTests` and the libFuzzer target in `Tests/Fuzz/` (which compiles
/// this file into its own executable), so `swift test` and the fuzzer check the same thing.
enum IRCMessageProperties {
  /// Why `bytes` (read as one line, invalid UTF-8 replaced) breaks a property, or nil:
  /// - parsing never traps;
  /// - a parsed message serializes to a line without NUL, CR or LF that parses back equal,
  ///   and serializing that again gives the same line;
  /// - the error of a refused line has a description.
  static func violation(_ bytes: [UInt8]) -> String? {
    let line = String(decoding: bytes, as: UTF8.self)
    let message: IRCMessage
    do {
      message = try IRCMessage(parsing: line)
    } catch {
      return error.description.isEmpty ? "an empty error for \(bytes)" : nil
    }
    let serialized = message.serialized
    if serialized.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) {
      return "NUL, CR or LF in the serialized line: \(serialized.debugDescription)"
    }
    let reparsed: IRCMessage
    do {
      reparsed = try IRCMessage(parsing: serialized)
    } catch {
      return "the serialized line does not parse (\(error)): \(serialized.debugDescription)"
    }
    guard reparsed == message else {
      return "the serialized line parses different:\n\(message)\n\(reparsed)"
    }
    guard reparsed.serialized == serialized else {
      return "serializing again changes the line: \(serialized.debugDescription)"
    }
    return nil
  }
}
