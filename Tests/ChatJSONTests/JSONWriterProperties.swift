import ChatJSON
import ChatRendering
import FoundationEssentials

/// What `JSONWriter` must keep for any input: its output is what a standard decoder reads back.
///
/// Shared by `JSONWriterFuzzTests` and the libFuzzer target in `Tests/Fuzz/` (which compiles
/// this file into its own executable), so `swift test` and the fuzzer check exactly the same
/// thing. It reports a violation rather than expecting one, because the fuzzer has no
/// `Testing` to expect with.
enum JSONWriterProperties {
  /// Why `bytes` breaks a property, or nil when all hold:
  /// - the bytes read as text (invalid UTF-8 becomes U+FFFD) and written by `appendString`
  ///   hold no raw C0, DEL, C1, U+2028 or U+2029, and `JSONDecoder` reads back exactly the
  ///   same scalars (not merely a canonically equivalent string);
  /// - the first 8 bytes as an `Int` and the first 16 as a `UUID` (zero-padded) are written
  ///   as the standard library prints them and decode to the same value.
  static func violation(_ bytes: [UInt8]) -> String? {
    stringViolation(String(decoding: bytes, as: UTF8.self)) ?? integerViolation(bytes)
      ?? uuidViolation(bytes)
  }

  private static func stringViolation(_ text: String) -> String? {
    var json: [UInt8] = []
    JSONWriter.appendString(text, to: &json)
    let scalars = String(decoding: json, as: UTF8.self).unicodeScalars
    if let raw = scalars.first(where: isRaw) {
      return "raw U+\(String(raw.value, radix: 16, uppercase: true)) in \(json)"
    }
    do {
      let decoded = try JSONDecoder().decode(String.self, from: Data(json))
      guard Array(decoded.unicodeScalars) == Array(text.unicodeScalars) else {
        return "\(json) decodes to \(Array(decoded.utf8)), not \(Array(text.utf8))"
      }
    } catch {
      return "\(json) does not decode: \(error)"
    }
    return nil
  }

  private static func integerViolation(_ bytes: [UInt8]) -> String? {
    let value = padded(bytes, to: 8).reversed().reduce(0) { $0 << 8 | Int($1) }
    var json: [UInt8] = []
    JSONWriter.appendInteger(value, to: &json)
    guard json == Array(String(value).utf8) else { return "\(value) written as \(json)" }
    guard (try? JSONDecoder().decode(Int.self, from: Data(json))) == value else {
      return "\(value) does not decode from \(json)"
    }
    return nil
  }

  private static func uuidViolation(_ bytes: [UInt8]) -> String? {
    let b = padded(bytes, to: 16)
    let id = UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
        b[14], b[15]
      ))
    var json: [UInt8] = []
    JSONWriter.appendUUID(id, to: &json)
    guard json == Array("\"\(id.uuidString)\"".utf8) else { return "\(id) written as \(json)" }
    guard (try? JSONDecoder().decode(UUID.self, from: Data(json))) == id else {
      return "\(id) does not decode from \(json)"
    }
    return nil
  }

  /// The first `count` bytes, with zeros after a shorter input.
  private static func padded(_ bytes: [UInt8], to count: Int) -> [UInt8] {
    Array(bytes.prefix(count)) + Array(repeating: 0, count: max(0, count - bytes.count))
  }

  /// Characters a JSON line must never hold raw: C0, DEL, C1 and the line separators.
  private static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
      || scalar == "\u{2029}"
  }
}

/// One value at a time, as the tests and the fuzzer write them: the renderer itself writes
/// whole lines through a `ByteWriter`.
extension JSONWriter {
  /// Appends `text` as a JSON string; see `writeString`.
  static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(reserving: maximumLength(ofString: text)) { writeString(text, to: &$0) }
  }

  /// Appends `value` in decimal.
  static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    output.append(reserving: maximumIntegerLength) { writeInteger(value, to: &$0) }
  }

  /// Appends `id` as a quoted upper-case UUID string, as `UUID.uuidString` prints it.
  static func appendUUID(_ id: UUID, to output: inout [UInt8]) {
    output.append(reserving: uuidLength) { writeUUID(id, to: &$0) }
  }
}
