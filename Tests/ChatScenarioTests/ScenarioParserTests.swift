import ChatScenario
import Testing

private func parse(
  _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Scenario {
  try ScenarioParser.parse(Array(text.utf8), file: "test.chat")
}

private func typed(_ entries: [(Int64, String)]) -> [Scenario.Entry] {
  entries.map { Scenario.Entry(milliseconds: $0.0, event: .typed($0.1)) }
}

@Suite(.timeLimit(.minutes(10))) struct ScenarioParserTests {
  @Test func settingsAndEntriesWithCommentsAndBlankLines() throws {
    let scenario = try parse(
      """
      # a greeting
      seed 42
        name   Alice Smith  \t

      peer Bob
      width 40
      0ms | hello
        # an indented comment
      250ms | world

      """)
    #expect(scenario.seed == 42)
    #expect(scenario.name == "Alice Smith")
    #expect(scenario.peer == "Bob")
    #expect(scenario.width == 40)
    #expect(scenario.entries == typed([(0, "hello"), (250, "world")]))
  }

  @Test func anEmptyFileIsAnEmptyScenario() throws {
    #expect(try parse("") == Scenario())
    #expect(try parse("\n\n# only comments\n") == Scenario())
  }

  @Test(
    arguments: [
      ("0ms", 0), ("250ms", 250), ("2s", 2000), ("1.5s", 1500), ("1.25s", 1250), ("1.250s", 1250),
      ("0.001s", 1), ("90s", 90_000), ("007ms", 7),
    ] as [(String, Int64)])
  func timesAreMillisecondsOrSeconds(text: String, milliseconds: Int64) throws {
    #expect(try parse("\(text) | x").entries.first?.milliseconds == milliseconds)
  }

  @Test func plusCountsFromThePreviousEntry() throws {
    let scenario = try parse("+100ms | a\n1s | b\n+0.5s | c\n+0ms | d\n")
    #expect(scenario.entries.map(\.milliseconds) == [100, 1000, 1500, 1500])
  }

  @Test func textAfterTheBarIsVerbatimExceptOneSpace() throws {
    let scenario = try parse(
      "0ms |\n0ms | \n0ms |   three spaces\n0ms |no space\n0ms | trailing  \n"
        + "0ms | | # not a comment\n"
    )
    #expect(
      scenario.entries.map(\.event) == [
        .typed(""), .typed(""), .typed("  three spaces"), .typed("no space"),
        .typed("trailing  "), .typed("| # not a comment"),
      ])
  }

  @Test func noBlankIsNeededBeforeTheBarOrTheQuote() throws {
    let scenario = try parse("0ms|a\n1s\"b\"\n+1s   |  c\n")
    #expect(scenario.entries == typed([(0, "a"), (1000, "b"), (2000, " c")]))
  }

  @Test func quotedTextUnderstandsEscapes() throws {
    let scenario = try parse(
      #"""
      0ms "\e[2J\t\r\n\0 \\ \"q\" \u{1F600}\u{301}\u{7}"
      0ms ""  
      0ms "  spaced  "
      """#)
    #expect(
      scenario.entries.map(\.event) == [
        .typed("\u{1B}[2J\t\r\n\u{0} \\ \"q\" 😀\u{301}\u{7}"), .typed(""), .typed("  spaced  "),
      ])
  }

  @Test func endAndQuitAreEvents() throws {
    let scenario = try parse("0ms | a\n1s end\n2s quit  \n")
    #expect(scenario.entries.map(\.event) == [.typed("a"), .end, .quit])
  }

  @Test func aQuitMayBeFollowedOnlyByAnotherQuit() throws {
    let scenario = try parse("0ms | a\n1s quit\n2s quit\n")
    #expect(scenario.entries.map(\.event) == [.typed("a"), .quit, .quit])
  }

  @Test func crlfLineEndsAndACutOffLastLineAreRead() throws {
    let scenario = try parse("seed 5\r\n0ms | a\r\n\r\n1s | last")
    #expect(scenario.seed == 5)
    #expect(scenario.entries == typed([(0, "a"), (1000, "last")]))
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("seed 3\n".utf8)
    #expect(try ScenarioParser.parse(bytes, file: "bom.chat").seed == 3)
  }

  @Test func invalidUTF8IsReplacedPerLine() throws {
    var bytes = Array("name A".utf8) + [0xFF] + Array("\n0ms | x".utf8)
    bytes += [0xC3] + Array("y\n1s | ".utf8) + [0xE2, 0x82] + Array("\n# \u{FF}".utf8) + [0x80]
    let scenario = try ScenarioParser.parse(bytes, file: "bad.chat")
    #expect(scenario.name == "A\u{FFFD}")
    #expect(scenario.entries == typed([(0, "x\u{FFFD}y"), (1000, "\u{FFFD}")]))
  }

  @Test func quotedSettingValues() throws {
    let scenario = try parse(#"name "  Mallory\e[31m""# + "\npeer \"#1\"\n")
    #expect(scenario.name == "  Mallory\u{1B}[31m")
    #expect(scenario.peer == "#1")
  }
}
