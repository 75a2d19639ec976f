/// Makes text safe to show on a terminal or in a one-line record, without losing what it said.
///
/// Characters that could move the cursor, change modes, reorder text, hide text or break a line
/// are replaced by visible stand-ins. Whole Unicode classes are covered, not examples of them:
///
/// - C0 controls U+0000–U+001F (ESC, CR, LF, TAB, …) become Control Pictures `␀`…`␟` (`␛`,
///   `␍`, `␊`, `␉`), and DEL U+007F becomes `␡`.
/// - These become their code point, as `<U+202E>`:
///   - C1 controls U+0080–U+009F;
///   - every bidi control (Bidi_Control): the marks U+061C, U+200E, U+200F, the embeddings and
///     overrides U+202A–U+202E, the isolates U+2066–U+2069;
///   - the line and paragraph separators U+2028, U+2029;
///   - every other default-ignorable code point (Default_Ignorable_Code_Point), such as
///     U+200B, U+2060, the invisible operators U+2061–U+2064, U+FEFF, the soft hyphen U+00AD,
///     the Hangul fillers, and the tags U+E0000–U+E007F;
///   - the interlinear annotation controls U+FFF9–U+FFFB, which hide text too.
///
/// Because ESC itself becomes `␛`, no escape sequence survives: the rest of the sequence is
/// printable text. Some default-ignorables stay, because text needs them to look as meant and
/// they only join or vary the visible character next to them: the zero-width joiner and
/// non-joiner (U+200D, U+200C: emoji sequences, Persian and Indic text) and the variation
/// selectors (U+FE00–U+FE0F, U+E0100–U+E01EF, Mongolian U+180B–U+180D, U+180F: `❤️`). Tags go,
/// even in the rare subdivision flags built of them (🏴 and tag letters), since a run of tags is
/// otherwise invisible text.
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
  ///
  /// Split by plane and block so that the common scripts beyond ASCII (Latin, CJK, emoji) are
  /// ruled out after a comparison or two.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0xA0 { return value < 0x20 || value >= 0x7F }
    if value < 0x2000 {
      switch value {
      case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180E: return true
      default: return false
      }
    }
    if value < 0x2100 {
      switch value {
      case 0x200B, 0x200E...0x200F, 0x2028...0x202E, 0x2060...0x206F: return true
      default: return false
      }
    }
    if value < 0xE0000 {
      switch value {
      case 0x3164, 0xFEFF, 0xFFA0, 0xFFF0...0xFFFB, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A:
        return true
      default: return false
      }
    }
    // Tags and the rest of the default-ignorable block, except the variation selectors.
    return value <= 0xE0FFF && !(0xE0100...0xE01EF).contains(value)
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
