import ChatScenario
import Testing

@Suite(.timeLimit(.minutes(10))) struct ScenarioWriterTests {
  @Test func writesSettingsThenEntries() {
    let scenario = Scenario(
      seed: 9, name: "Alice", peer: " Bob", width: 30,
      entries: [
        .init(milliseconds: 0, event: .typed("hello")),
        .init(milliseconds: 1250, event: .typed("")),
        .init(milliseconds: 1250, event: .typed("tab\there ")),
        .init(milliseconds: 61_001, event: .end),
        .init(milliseconds: 61_001, event: .quit),
      ])
    #expect(
      ScenarioWriter.text(of: scenario, comment: "two\nlines")
        == """
        # two
        # lines
        seed 9
        name Alice
        peer " Bob"
        width 30

        0.000s | hello
        1.250s |
        1.250s "tab\\there "
        61.001s end
        61.001s quit

        """)
  }

  @Test func anEmptyScenarioIsEmptyText() {
    #expect(ScenarioWriter.text(of: Scenario()).isEmpty)
  }

  @Test func quotedFormEscapesEverythingUnsafe() {
    #expect(
      ScenarioWriter.quoted("\u{1B}[31m\"\\\u{0}\n\r\t\u{7F}\u{9B}\u{202E}\u{2028}é😀")
        == #""\e[31m\"\\\0\n\r\t\u{7F}\u{9B}\u{202E}\u{2028}é😀""#)
  }

  /// Texts that a user could type, including the awkward ones; each must read back unchanged.
  static let awkwardTexts = [
    "", " ", "\t", "  both  ", "| bar", "\"quoted\"", "# hash", "\\", "\u{1B}[2J\u{1B}]0;t\u{7}",
    "\r", "a\rb", "\u{0}", "e\u{301}", "👩‍👩‍👧", "مرحبا \u{202E}abc", "\u{FFFD}", "/quit", "end",
    String(repeating: "long ", count: 1000),
  ]

  @Test(arguments: awkwardTexts)
  func everyTextReadsBackUnchanged(text: String) throws {
    let scenario = Scenario(
      seed: 1, name: text.contains(where: { !$0.isWhitespace }) ? text : "n", peer: "p",
      entries: [.init(milliseconds: 5, event: .typed(text))])
    let written = ScenarioWriter.text(of: scenario)
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w") == scenario)
  }

  @Test func randomTextsReadBackUnchanged() throws {
    var generator = SplitMix(seed: 7)
    for _ in 0..<500 {
      let length = Int(generator.next() % 12)
      let scalars = (0..<length).compactMap { _ -> Unicode.Scalar? in
        let pick = generator.next() % 4
        let value = pick == 0 ? generator.next() % 0x100 : generator.next() % 0x3000
        return Unicode.Scalar(UInt32(value))
      }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      let entry = Scenario.Entry(
        milliseconds: Int64(generator.next() % 100_000), event: .typed(text))
      let parsed = try ScenarioParser.parse(Array(ScenarioWriter.line(for: entry).utf8), file: "r")
      #expect(parsed.entries == [entry], "\(text.unicodeScalars.map(\.value))")
    }
  }
}

/// A tiny deterministic generator, so a failure always reproduces.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension ScenarioWriterTests {
  /// `width none` (a recording of the line format on a pipe) reads and writes back, and the
  /// line format is then not wrapped; a scenario without a width wraps at 80.
  @Test func widthNoneReadsAndWritesBack() throws {
    let scenario = try ScenarioParser.parse(Array("width none\n\n0ms | hi\n".utf8), file: "w")
    #expect(scenario.isUnwrapped)
    #expect(scenario.width == nil)
    #expect(scenario.lineWidth == nil)
    #expect(ScenarioWriter.text(of: scenario) == "width none\n\n0.000s | hi\n")
    #expect(try ScenarioParser.parse(Array("0ms | hi\n".utf8), file: "w").lineWidth == 80)
    #expect(throws: ScenarioError.self) {
      try ScenarioParser.parse(Array("width none\nwidth 40\n".utf8), file: "w")
    }
  }
}

extension ScenarioWriterTests {
  /// `height` (the full screen's terminal) reads and writes back; without one it is 24, and
  /// a height out of range is refused.
  @Test func heightReadsAndWritesBack() throws {
    let scenario = try ScenarioParser.parse(Array("height 12\n\n0ms | hi\n".utf8), file: "w")
    #expect(scenario.height == 12)
    #expect(scenario.screenHeight == 12)
    #expect(ScenarioWriter.text(of: scenario) == "height 12\n\n0.000s | hi\n")
    #expect(try ScenarioParser.parse(Array("0ms | hi\n".utf8), file: "w").screenHeight == 24)
    for bad in ["0", "1001", "x", "-3"] {
      #expect(throws: ScenarioError.self) {
        try ScenarioParser.parse(Array("height \(bad)\n".utf8), file: "w")
      }
    }
  }
}
