import IRCFormattingCodes
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCFormattingTests {
  typealias Run = IRCFormatting.Run

  static func style(_ change: (inout IRCTextStyle) -> Void) -> IRCTextStyle {
    var style = IRCTextStyle()
    change(&style)
    return style
  }

  @Test func plainTextIsOneRun() {
    #expect(IRCFormatting.runs("hello") == [Run("hello")])
    #expect(IRCFormatting.runs("").isEmpty)
  }

  @Test func togglesEachStyleAndResets() {
    let runs = IRCFormatting.runs("a\u{2}b\u{1D}c\u{2}d\u{1F}\u{1E}\u{11}\u{16}e\u{F}f")
    let expected = [
      Run("a"),
      Run("b", style: Self.style { $0.bold = true }),
      Run(
        "c",
        style: Self.style {
          $0.bold = true
          $0.italic = true
        }),
      Run("d", style: Self.style { $0.italic = true }),
      Run(
        "e",
        style: Self.style {
          $0.italic = true
          $0.underline = true
          $0.strikethrough = true
          $0.monospace = true
          $0.reverse = true
        }),
      Run("f"),
    ]
    #expect(runs == expected)
  }

  @Test(arguments: [
    ("\u{3}4red", IRCTextStyle.Color.palette(4), nil as IRCTextStyle.Color?, "red"),
    ("\u{3}04red", .palette(4), nil, "red"),
    ("\u{3}4,12on blue", .palette(4), .palette(12), "on blue"),
    ("\u{3}04,5x", .palette(4), .palette(5), "x"),
    ("\u{3}123", .palette(12), nil, "3"),
    ("\u{3}4,x", .palette(4), nil, ",x"),
    ("\u{3}99,99d", .palette(99), .palette(99), "d"),
    ("\u{4}FF8000orange", .rgb(red: 255, green: 128, blue: 0), nil, "orange"),
    (
      "\u{4}ff8000,000000o", .rgb(red: 255, green: 128, blue: 0), .rgb(red: 0, green: 0, blue: 0),
      "o"
    ),
  ])
  func readsColourCodes(
    _ text: String, _ foreground: IRCTextStyle.Color, _ background: IRCTextStyle.Color?,
    _ rest: String
  ) {
    let style = Self.style {
      $0.foreground = foreground
      $0.background = background
    }
    #expect(IRCFormatting.runs(text) == [Run(rest, style: style)])
  }

  @Test func aBareColourCodeResetsBothColoursButAForegroundAloneKeepsTheBackground() {
    let runs = IRCFormatting.runs("\u{3}4,2a\u{3}5b\u{3}c\u{3},3d")
    let expected = [
      Run(
        "a",
        style: Self.style {
          $0.foreground = .palette(4)
          $0.background = .palette(2)
        }),
      Run(
        "b",
        style: Self.style {
          $0.foreground = .palette(5)
          $0.background = .palette(2)
        }),
      Run("c,3d"),
    ]
    #expect(runs == expected)
    #expect(IRCFormatting.runs("\u{4}12345x") == [Run("12345x")])
  }

  @Test func joinsNeighboursInTheSameStyleAndDropsEmptyRuns() {
    #expect(IRCFormatting.runs("\u{2}\u{2}a\u{2}\u{2}b") == [Run("ab")])
    #expect(IRCFormatting.runs("\u{2}\u{F}") == [])
  }

  @Test func strippingLeavesTheTextAndOtherControlsAlone() {
    #expect(
      IRCFormatting.stripped("\u{2}bold\u{2} \u{3}4,5red\u{3} \u{1}x\u{7}")
        == "bold red \u{1}x\u{7}")
    #expect(IRCFormatting.stripped("\u{3}") == "")
    #expect(IRCFormatting.stripped("plain é 👍") == "plain é 👍")
  }
}
