import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// `UTF8ONLY`: read from `ISUPPORT`, said once a connection, and no line chat writes is
/// anything but UTF-8, however its text is split.
@Suite(.timeLimit(.minutes(10))) struct IRCClientUTF8OnlyTests {
  @Test func theTokenIsReadAndPutBack() {
    let support = ISupport().applying(["UTF8ONLY", "NICKLEN=30"])
    #expect(support.isUTF8Only)
    #expect(!support.applying(["-UTF8ONLY"]).isUTF8Only)
    #expect(!ISupport().isUTF8Only)
  }

  @Test func theServersInsistenceIsSaidOnce() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test 005 alice UTF8ONLY NICKLEN=30 :are supported by this server")
    wire.server(":irc1.test 005 alice UTF8ONLY CHANNELLEN=64 :are supported by this server")
    #expect(wire.events.filter { $0 == .utf8Only }.count == 1, "\(wire.events)")
    #expect(wire.client.support.isUTF8Only)
  }

  /// Long texts of one- to four-byte characters, combining marks and flags, split at every
  /// line length from 512 down: each line chat writes is UTF-8 that decodes without a single
  /// replacement, and the parts put together are the text.
  @Test(arguments: [512, 200, 97, 64])
  func everyLineWrittenIsWholeUTF8(lineLength: Int) throws {
    var wire = IRCWire.inspircd()
    wire.server(
      ":irc1.test 005 alice UTF8ONLY LINELEN=\(lineLength) :are supported by this server")
    wire.reset()
    let pieces = ["a", "é", "€", "𝄞", "e\u{301}", "🇫🇷", "👩‍👩‍👧", " ", "\u{200D}"]
    var generator = SeededGenerator(seed: UInt64(lineLength))
    let text = (0..<700).map { _ in pieces.randomElement(using: &generator)! }.joined()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: text))
    wire.wait(60_000)
    let messages = wire.lines.filter { $0.contains("PRIVMSG") }
    #expect(messages.count > 1)
    var joined = ""
    for line in messages {
      let bytes = Array(line.utf8)
      let decoded = try #require(String(validating: bytes, as: UTF8.self))
      #expect(!decoded.unicodeScalars.contains("\u{FFFD}"))
      joined += try IRCMessage(parsing: decoded).parameters.last ?? ""
    }
    #expect(
      joined.unicodeScalars.filter { $0 != " " }.count
        == text.unicodeScalars.filter { $0 != " " }.count)
  }
}
