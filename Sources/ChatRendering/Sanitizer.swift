/// Makes text safe to show on a terminal or in a one-line record, without losing what it said.
///
/// Characters that could move the cursor, change modes, reorder text or break a line are
/// replaced by visible stand-ins:
///
/// | characters                                   | shown as                       |
/// |----------------------------------------------|--------------------------------|
/// | C0 controls U+0000–U+001F (ESC, CR, LF, TAB…) | Control Pictures `␀`…`␟` (`␛`, `␍`, `␊`, `␉`) |
/// | DEL U+007F                                   | `␡`                            |
/// | C1 controls U+0080–U+009F                    | `<U+0085>`                     |
/// | bidi overrides and isolates U+202A–U+202E, U+2066–U+2069 | `<U+202E>`          |
/// | line and paragraph separators U+2028, U+2029 | `<U+2028>`                     |
/// | invisible U+200B, U+2060, U+FEFF             | `<U+200B>`                     |
///
/// Because ESC itself becomes `␛`, no escape sequence survives: the rest of the sequence is
/// printable text. Zero-width joiners stay, so emoji sequences still join.
public enum Sanitizer {
  /// `text` with every unsafe character replaced by its stand-in. O(n); returns `text` itself
  /// when nothing needs replacing.
  public static func sanitize(_ text: String) -> String {
    guard needsWork(text) else { return text }
    var result = String()
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      appendStandIn(for: scalar, to: &result)
    }
    return result
  }

  /// Whether `scalar` is replaced by a stand-in.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200B, 0x2028...0x2029, 0x202A...0x202E, 0x2060,
      0x2066...0x2069,
      0xFEFF:
      true
    default:
      false
    }
  }

  private static func appendStandIn(for scalar: Unicode.Scalar, to result: inout String) {
    switch scalar.value {
    case 0x00...0x1F:
      result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
    case 0x7F:
      result.unicodeScalars.append("\u{2421}")
    case _ where isUnsafe(scalar):
      result += "<U+"
      let hex = String(scalar.value, radix: 16, uppercase: true)
      result += String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      result += ">"
    default:
      result.unicodeScalars.append(scalar)
    }
  }

  /// A byte scan that rules out plain ASCII text without decoding it; anything beyond ASCII is
  /// decoded and checked scalar by scalar.
  private static func needsWork(_ text: String) -> Bool {
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F { return true }
      if byte >= 0x80 { return text.unicodeScalars.contains(where: isUnsafe) }
    }
    return false
  }
}
