import ChatRendering
import Testing

@Suite struct SanitizerTests {
  @Test(arguments: [
    ("plain text", "plain text"),
    ("tab\there", "tab␉here"),
    ("line\nbreak", "line␊break"),
    ("\u{1B}[2J\u{1B}[H", "␛[2J␛[H"),
    ("\u{1B}]0;title\u{07}", "␛]0;title␇"),
    ("nul\u{0}byte", "nul␀byte"),
    ("del\u{7F}", "del␡"),
    ("c1\u{9B}31m", "c1<U+009B>31m"),
    ("next\u{85}line", "next<U+0085>line"),
    ("\u{202E}evil", "<U+202E>evil"),
    ("iso\u{2066}late\u{2069}", "iso<U+2066>late<U+2069>"),
    ("sep\u{2028}\u{2029}", "sep<U+2028><U+2029>"),
    ("zero\u{200B}width\u{FEFF}", "zero<U+200B>width<U+FEFF>"),
    ("emoji 👨‍👩‍👧 ok", "emoji 👨‍👩‍👧 ok"),
    ("café ﬁ “quotes” — שלום 漢字", "café ﬁ “quotes” — שלום 漢字"),
  ])
  func unsafeCharactersBecomeVisibleStandIns(input: String, expected: String) {
    #expect(Sanitizer.sanitize(input) == expected)
  }

  @Test func noControlCharacterSurvivesAndSafeOnesAreKept() {
    for value in UInt32(0)...0x3000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let output = Sanitizer.sanitize("a\(Character(scalar))b")
      let survived = output.unicodeScalars.contains(where: Sanitizer.isUnsafe)
      #expect(!survived, "U+\(String(value, radix: 16)) survived")
      if !Sanitizer.isUnsafe(scalar) {
        #expect(output == "a\(Character(scalar))b", "U+\(String(value, radix: 16)) changed")
      }
      if scalar.properties.generalCategory == .control {
        #expect(Sanitizer.isUnsafe(scalar), "control U+\(String(value, radix: 16)) passes")
      }
    }
  }
}
