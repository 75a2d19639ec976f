import ChatCore
import ChatRendering
import LineRenderer
import Testing

@Suite(.timeLimit(.minutes(10))) struct LineFormatterWrappingTests {
  static func wrapped(_ text: String, width: Int) -> String {
    LineFormatterTests.transcript(
      LineFormatter(width: width, color: false),
      entering: [LineFormatterTests.message("PersonA", text)])
  }

  @Test func longLinesWrapAtTheWidth() {
    let text = Self.wrapped(String(repeating: "a", count: 30), width: 20)
    // "12:00:00 > PersonA: " is exactly 20 columns.
    #expect(
      text
        == "Conversation\n12:00:00 > PersonA: \naaaaaaaaaaaaaaaaaaaa\naaaaaaaaaa\n")
  }

  @Test func aLineExactlyAsWideAsTheTerminalTakesOneRow() {
    let text = Self.wrapped("abcde", width: 25)
    #expect(text == "Conversation\n12:00:00 > PersonA: abcde\n")
  }

  @Test func wideCharactersTakeTwoColumnsAndMoveWholeToTheNextRow() {
    // 20 columns of prefix, then 三 个 字 at 2 columns each: in 25 columns the third wraps.
    let text = Self.wrapped("三个字", width: 25)
    #expect(text == "Conversation\n12:00:00 > PersonA: 三个\n字\n")
    let odd = Self.wrapped("a三个字", width: 25)
    #expect(odd == "Conversation\n12:00:00 > PersonA: a三个\n字\n")
  }

  @Test func emojiTakeTwoColumnsAndStayWhole() {
    let family = "👩‍👩‍👧"
    let text = Self.wrapped("abc\(family)😀", width: 25)
    #expect(text == "Conversation\n12:00:00 > PersonA: abc\(family)\n😀\n")
  }

  @Test func combiningMarksTakeNoColumns() {
    let accented = String(repeating: "e\u{301}", count: 5)
    let text = Self.wrapped(accented + "x", width: 25)
    #expect(text == "Conversation\n12:00:00 > PersonA: \(accented)\nx\n")
  }

  @Test(
    arguments: [
      ("a", 1), ("三", 2), ("😀", 2), ("e\u{301}", 1), ("\u{2764}\u{FE0F}", 2), ("\u{2764}", 1),
      ("🇫🇷", 2), ("Ａ", 2), ("한", 2), ("␛", 1), ("\u{20DD}", 0), ("a\u{20DD}", 1),
      ("\u{0488}", 0), ("1", 1), ("#", 1), ("~", 1), (" ", 1), ("\u{7}", 0), ("\u{7F}", 0),
      ("\r\n", 0), ("1\u{FE0F}\u{20E3}", 2), ("#\u{FE0F}", 2),
    ] as [(Character, Int)])
  func charactersHaveTheirDisplayWidth(character: Character, columns: Int) {
    #expect(DisplayWidth.of(character) == columns)
  }

  @Test func aSanitisedEscapeWrapsAsTheVisibleTextItIs() {
    let text = Self.wrapped("\u{1B}[2J\u{1B}[2J", width: 22)
    #expect(text == "Conversation\n12:00:00 > PersonA: ␛[\n2J␛[2J\n")
  }

  @Test func theTitleWrapsToo() {
    var formatter = LineFormatter(width: 5)
    var output: [UInt8] = []
    formatter.formatStart(AppState(), into: &output)
    #expect(String(decoding: output, as: UTF8.self) == "Conve\nrsati\non\n")
  }
}
