import IRCTestRequirements
import Testing

@testable import ChatProfile

/// `irc://` and `ircs://` URLs as `--server` and the networks file read them.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct ServerAddressTests {
  @Test(arguments: [
    ("irc://irc.example.net", "irc.example.net", 6667, false, [String]()),
    ("ircs://irc.libera.chat", "irc.libera.chat", 6697, true, []),
    ("irc://127.0.0.1:7000", "127.0.0.1", 7000, false, []),
    ("ircs://IRC.Example.NET:6900/", "irc.example.net", 6900, true, []),
    ("irc://localhost/#chat", "localhost", 6667, false, ["#chat"]),
    ("irc://localhost/%23chat,%23other", "localhost", 6667, false, ["#chat", "#other"]),
    ("irc://localhost/#a,%23b,c", "localhost", 6667, false, ["#a", "#b", "#c"]),
    ("irc://localhost/&local", "localhost", 6667, false, ["&local"]),
    ("irc://localhost/%23caf%C3%A9", "localhost", 6667, false, ["#café"]),
    ("irc://localhost/#a,#a", "localhost", 6667, false, ["#a"]),
    ("IRC://[::1]:6668/#ops", "::1", 6668, false, ["#ops"]),
    ("ircs://[2001:DB8::7]", "2001:db8::7", 6697, true, []),
    ("irc://irc.example.net./#x", "irc.example.net.", 6667, false, ["#x"]),
  ])
  func aURLGivesHostPortTLSAndChannels(
    text: String, host: String, port: Int, tls: Bool, channels: [String]
  ) throws {
    let address = try ServerAddress(parsing: text)
    #expect(
      address == ServerAddress(host: host, port: UInt16(port), usesTLS: tls, channels: channels))
  }

  @Test(arguments: [
    ("irc.example.net", ServerAddressError.missingScheme("irc.example.net")),
    ("http://example.net", .unsupportedScheme("http")),
    ("irc://", .missingHost),
    ("irc://:6667", .missingHost),
    ("irc://host:", .invalidPort("")),
    ("irc://host:0", .invalidPort("0")),
    ("irc://host:65536", .invalidPort("65536")),
    ("irc://host:+66", .invalidPort("+66")),
    ("irc://host:66x", .invalidPort("66x")),
    ("irc://ho st", .invalidHost("ho st")),
    ("irc://a..b", .invalidHost("a..b")),
    ("irc://h%41st", .invalidHost("h%41st")),
    ("irc://::1/#x", .unbracketedIPv6("::1")),
    ("irc://[::1", .invalidHost("[::1")),
    ("irc://[::1]x", .invalidHost("[::1]x")),
    ("irc://[zz::1]", .invalidIPv6("zz::1")),
    ("irc://host#chat", .channelWithoutSlash("irc://host#chat")),
    ("irc://host/?key=1", .query("irc://host/?key=1")),
    ("irc://host/%2", .invalidPercentEncoding("%2")),
    ("irc://host/%zz", .invalidPercentEncoding("%zz")),
    ("irc://host/%FF", .invalidPercentEncoding("%FF")),
    ("irc://host/#a,,#b", .invalidChannel(.emptyChannel)),
    ("irc://host/#", .invalidChannel(.bareChannelPrefix("#"))),
    ("irc://host/%23a%20b", .invalidChannel(.invalidChannel("#a b", character: " "))),
    ("irc://host/%23a%07", .invalidChannel(.invalidChannel("#a\u{7}", character: "\u{7}"))),
    ("irc://host/nick,isnick", .unsupportedFlag("isnick")),
  ])
  func aBadURLSaysWhatIsWrong(text: String, error: ServerAddressError) {
    #expect(throws: error) { try ServerAddress(parsing: text) }
  }

  @Test func aUserAndPasswordInTheURLAreRefusedWithoutRepeatingThem() throws {
    let error = try #require(throws: ServerAddressError.self) {
      try ServerAddress(parsing: "ircs://alice:hunter2@irc.example.net/#chat")
    }
    #expect(error == .userInfo)
    #expect(!error.description.contains("hunter2") && !error.description.contains("alice"))
    #expect(error.description.contains("CHAT_SASL_PASSWORD"))
  }

  @Test func errorsQuoteTheValueSafely() throws {
    let error = try #require(throws: ServerAddressError.self) {
      try ServerAddress(parsing: "irc://\u{1B}[2Jhost")
    }
    #expect(error.description.contains("'␛[2Jhost'"))
    #expect(!error.description.unicodeScalars.contains("\u{1B}"))
  }

  @Test func theDescriptionSpellsPortAndChannels() throws {
    let address = try ServerAddress(parsing: "irc://[::1]/%23a,b")
    #expect(address.description == "irc://[::1]:6667/#a,#b")
    #expect(address.endpoint == "[::1]:6667")
    #expect(try ServerAddress(parsing: "ircs://h").description == "ircs://h:6697")
  }

  @Test(arguments: [
    ("alice", "alice"), ("Alice.Smith", "AliceSmith"), ("1root", "root"), ("-x-1", "x-1"),
    ("élodie", "lodie"), ("", "chatuser"), ("123", "chatuser"), ("[bot]_", "[bot]_"),
    (String(repeating: "a", count: 40), String(repeating: "a", count: 30)),
  ])
  func aUserNameBecomesAValidNick(user: String, nick: String) throws {
    #expect(IRCName.nick(fromUserName: user) == nick)
    #expect(try IRCName.nick(nick) == nick)
  }

  @Test(arguments: ["1abc", "-abc", "a b", "a!b", "a@b", "é", "a:b"])
  func anInvalidNickIsRefused(nick: String) {
    #expect(throws: IRCNameError.self) { try IRCName.nick(nick) }
  }
}
