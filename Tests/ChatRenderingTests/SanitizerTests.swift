import ChatRendering
import Testing

@Suite(.timeLimit(.minutes(10))) struct SanitizerTests {
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
    ("marks\u{200E}\u{200F}\u{61C}", "marks<U+200E><U+200F><U+061C>"),
    ("f\u{2061}(x)\u{2062}y\u{2063}z\u{2064}", "f<U+2061>(x)<U+2062>y<U+2063>z<U+2064>"),
    ("tag\u{E0001}\u{E0041}\u{E007F}", "tag<U+E0001><U+E0041><U+E007F>"),
    ("soft\u{AD}hyphen \u{3164} \u{FFA0}", "soft<U+00AD>hyphen <U+3164> <U+FFA0>"),
    ("note\u{FFF9}hidden\u{FFFB}", "note<U+FFF9>hidden<U+FFFB>"),
    ("heart ❤️ persian می\u{200C}خواهم", "heart ❤️ persian می\u{200C}خواهم"),
    ("variant 葛\u{E0100} mongolian ᠠ\u{180B}", "variant 葛\u{E0100} mongolian ᠠ\u{180B}"),
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

  /// The joiners and variation selectors that text needs to look as meant: the only
  /// default-ignorable code points that stay.
  private static let kept: [ClosedRange<UInt32>] = [
    0x180B...0x180D, 0x180F...0x180F, 0x200C...0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF,
  ]

  /// Every scalar of every class the README names is unsafe, and nothing else is: checked
  /// against the standard library's Unicode properties over the whole code space.
  @Test func wholeClassesAreCoveredOverEveryScalar() {
    var unsafeCount = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let properties = scalar.properties
      let hex = "U+\(String(value, radix: 16, uppercase: true))"
      let inClass =
        properties.generalCategory == .control || properties.isBidiControl
        || properties.generalCategory == .lineSeparator
        || properties.generalCategory == .paragraphSeparator
        || (0xFFF9...0xFFFB).contains(value)
        || (properties.isDefaultIgnorableCodePoint && !Self.kept.contains { $0.contains(value) })
      // Unassigned default-ignorables may be missing from the library's data: the table covers
      // their ranges anyway, as the standard reserves them.
      let unassigned = properties.generalCategory == .unassigned
      if inClass {
        #expect(Sanitizer.isUnsafe(scalar), "\(hex) passes")
      } else if !unassigned {
        #expect(!Sanitizer.isUnsafe(scalar), "\(hex) is replaced but in no class")
      }
      guard Sanitizer.isUnsafe(scalar) else { continue }
      unsafeCount += 1
      let output = Sanitizer.sanitize("a\(Character(scalar))b")
      #expect(!output.unicodeScalars.contains(where: Sanitizer.isUnsafe), "\(hex) survived")
      #expect(output.unicodeScalars.allSatisfy(\.isASCII) || value < 0x20 || value == 0x7F)
    }
    #expect(unsafeCount > 3900, "the tag block and its reserved neighbours are covered")
  }
}
