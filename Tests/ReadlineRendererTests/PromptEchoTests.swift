import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(10))) struct PromptEchoTests {
  @Test func plainTextShowsAsItIs() {
    #expect(PromptEcho.shown(Array("hello ^[ 漢 e\u{301}".utf8)) == nil)
    #expect(PromptEcho.shown(Array("tab\there\u{1B}".utf8)) == nil)  // Readline shows ^X.
  }

  @Test func controlAndBidiCharactersShowAsTheirStandIns() throws {
    let bytes = Array("X\u{9B}2J\u{202E}R".utf8)
    let shown = try #require(PromptEcho.shown(bytes))
    #expect(String(decoding: shown.bytes, as: UTF8.self) == "X<U+009B>2J<U+202E>R")
    // Offsets: X, then both bytes of U+009B at its stand-in, 2, J, three bytes, R, the end.
    #expect(shown.offsets == [0, 1, 1, 9, 10, 11, 11, 11, 19, 20])
  }

  @Test func bytesThatAreNotUTF8ShowAsReplacementCharacters() throws {
    let shown = try #require(PromptEcho.shown([0x61, 0xE6, 0x97, 0x62, 0xFF]))
    #expect(String(decoding: shown.bytes, as: UTF8.self) == "a\u{FFFD}b\u{FFFD}")
    #expect(shown.offsets == [0, 1, 1, 4, 5, 8])
  }
}
