/// How many terminal columns text takes, as a terminal with a UTF-8 locale draws it.
///
/// Rules (close to `wcwidth` in glibc and to what xterm, tmux and VTE draw):
/// - combining and enclosing marks, format characters (ZWJ, variation selectors) and Hangul
///   medial vowels and final consonants take 0 columns;
/// - East Asian Wide and Fullwidth characters (CJK, Hangul syllables, fullwidth forms) and
///   emoji with emoji presentation take 2;
/// - everything else takes 1.
///
/// A `Character` (grapheme cluster) takes the width of its first scalar, or 2 when an emoji
/// is forced into emoji presentation by U+FE0F, so a ZWJ emoji sequence counts as one emoji.
/// Terminals disagree on such sequences; this is the choice modern ones converge on.
public enum DisplayWidth {
  /// Columns taken by `character`: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    // ASCII first, without Unicode's property tables: most text, and a full screen asks
    // for every cell it writes. (A keycap, `1` with U+FE0F U+20E3, is no ASCII character.)
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let width = of(first)
    if width == 1, first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    return width
  }

  /// Columns taken by `scalar` on its own: 0, 1 or 2.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    if value == 0x00AD { return 1 }  // The soft hyphen is drawn, as glibc's wcwidth says.
    if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
    return 1
  }

  /// Columns taken by `text`. O(n).
  public static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// East Asian Wide (W) and Fullwidth (F) blocks outside the emoji set.
  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default:
      false
    }
  }
}
