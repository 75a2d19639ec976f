import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCLineBufferTests {
  @Test func splitsAtCRLFOrABareLFAndSkipsEmptyLines() {
    var buffer = IRCLineBuffer()
    let items = buffer.append(Array("PING :a\r\nPING :b\n\r\n\nPING :c\r".utf8))
    #expect(items == [.line("PING :a"), .line("PING :b")])
    #expect(buffer.append(Array("\n".utf8)) == [.line("PING :c")])
  }

  @Test func aLineArrivingByteByByteComesOutOnce() {
    var buffer = IRCLineBuffer()
    var items: [IRCLineBuffer.Item] = []
    for byte in Array(":a!b@c PRIVMSG #x :héllo\r\n".utf8) { items += buffer.append([byte]) }
    #expect(items == [.line(":a!b@c PRIVMSG #x :héllo")])
  }

  @Test func invalidUTF8BecomesReplacementCharactersWithinItsLine() {
    var buffer = IRCLineBuffer()
    let items = buffer.append([0x61, 0xFF, 0xC3, 0x0A, 0xA9, 0x62, 0x0A])
    #expect(items == [.line("a\u{FFFD}\u{FFFD}"), .line("\u{FFFD}b")])
  }

  @Test func aLineOverTheCapIsDroppedAndCountedAndTheNextOneKept() {
    var buffer = IRCLineBuffer(maximumLineBytes: 10)
    var items = buffer.append(Array("0123456789\r\n".utf8))
    items += buffer.append(Array("0123456789A".utf8))
    items += buffer.append(Array(repeating: UInt8(ascii: "x"), count: 100_000))
    #expect(buffer.pendingByteCount == 0)
    items += buffer.append(Array("\r\nPING :ok\r\n".utf8))
    #expect(items == [.line("0123456789"), .tooLong(byteCount: 100_011), .line("PING :ok")])
  }

  @Test func theDefaultCapIsTheTagsAndTheMessage() {
    var buffer = IRCLineBuffer()
    let longest = Array(repeating: UInt8(ascii: "a"), count: 8701)
    #expect(buffer.append(longest + [0x0D, 0x0A]) == [.line(String(repeating: "a", count: 8701))])
    #expect(buffer.append(longest + [0x61, 0x0A]) == [.tooLong(byteCount: 8702)])
  }

  @Test func theEndOfTheStreamFinishesALastLineWithoutNewline() {
    var buffer = IRCLineBuffer()
    #expect(buffer.append(Array("ERROR :Closing link".utf8)).isEmpty)
    #expect(buffer.finish() == [.line("ERROR :Closing link")])
    #expect(buffer.finish().isEmpty)
  }
}
